import type { Exchange } from './exchange.ts';

/**
 * The request got no HTTP answer (refused connection, reset, timeout, DNS). A check that meets one has not
 * been evaluated: it is reported as an error, never as a failure of the target.
 */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    message: string,
    readonly exchange: Exchange,
  ) {
    super(message);
  }
}
