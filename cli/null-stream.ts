import { Writable } from 'node:stream';

/** A stream that drops what is written to it (vitest's own console output, which the command line replaces). */
export class NullStream extends Writable {
  override _write(
    _chunk: unknown,
    _encoding: BufferEncoding,
    callback: (error?: Error | null) => void,
  ): void {
    callback();
  }
}
