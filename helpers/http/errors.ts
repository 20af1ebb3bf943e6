import type { Evidence } from './evidence.ts';

/**
 * The request got no HTTP answer (refused connection, reset, timeout, DNS). A check that meets one has not
 * been evaluated: it is reported as an error, never as a failure of the target.
 */
export class TransportError extends Error {
  override readonly name: string = 'TransportError';
  constructor(
    message: string,
    readonly evidence: Evidence,
  ) {
    super(message);
  }
}

/**
 * The target kept declining the request (429 or 503 with `Retry-After`) until the retries ran out. It says
 * nothing about conformance: like a transport error, the check is not evaluated.
 */
export class TargetUnavailableError extends TransportError {
  override readonly name = 'TargetUnavailableError';
}
