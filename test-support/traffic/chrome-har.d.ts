/** The part of `chrome-har` (no declarations of its own) that the tests use. */
declare module 'chrome-har' {
  export function harFromMessages(
    messages: readonly { readonly method: string; readonly params: unknown }[],
    options?: {
      readonly includeTextFromResponseBody?: boolean;
      readonly includeResourcesFromDiskCache?: boolean;
    },
  ): { log: { entries: unknown[] } };
}
