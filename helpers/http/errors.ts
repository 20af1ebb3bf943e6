import type { Evidence } from './evidence.ts';

/** The request got no HTTP answer: the check is not evaluated (an error, never the target's failure). */
export class TransportError extends Error {
  override readonly name: string = 'TransportError';
  constructor(
    message: string,
    readonly evidence: Evidence,
  ) {
    super(message);
  }
}

/** The target kept declining the request (429 or 503 with `Retry-After`) until the retries ran out. */
export class TargetUnavailableError extends TransportError {
  override readonly name = 'TargetUnavailableError';
}
