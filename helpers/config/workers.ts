/** Worker threads of a run against the embedded reference server (see {@link defaultWorkers}). */
export const EMBEDDED_WORKERS = 1;

/** Worker threads of a run against a base URL: every suite file at once (see {@link defaultWorkers}). */
export const REMOTE_WORKERS = 6;

/**
 * How many suite files run at the same time when `CONFORMANCE_WORKERS` is unset.
 *
 * Against the embedded reference server the run is CPU-bound: the server answers on loopback in about a
 * millisecond, and each worker thread costs a few hundred milliseconds of CPU to start and load the suite.
 * One thread runs the files one after the other, each file's checks concurrently, at the least CPU and
 * about the same wall time on a small machine. Against a base URL, round trips take the time, not CPU:
 * every suite file runs at once, so that the run costs the longest file's chain of round trips, not the sum.
 *
 * @param baseUrl - the configured target; undefined: the embedded reference server.
 */
export function defaultWorkers(baseUrl: string | undefined): number {
  return baseUrl === undefined ? EMBEDDED_WORKERS : REMOTE_WORKERS;
}
