/** Declarations of bin/cli-bundle.mjs (the command line compiled once and cached). */

/** The package's root (the directory above bin/). */
export declare const PACKAGE_ROOT: string;

/** `node_modules/.cache/commerce-conformance/<name>` inside the package's root. */
export declare function cacheDirOf(projectRoot: string, name: string): string;

/**
 * The file of an up-to-date bundle of `entry` in `dir`, made now (`built: true`) when there is none or one of
 * its sources changed. Throws when esbuild is missing, the sources do not compile, or `dir` is not writable.
 */
export declare function cliBundle(options: {
  readonly entry: string;
  readonly dir: string;
}): Promise<{ file: string; built: boolean }>;
