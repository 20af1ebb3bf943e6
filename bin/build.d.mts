/** Builds dist/ when a source is newer than the last build (see build.mjs). */
export default function buildIfStale(): void;
