/**
 * The malformed page parameters every profile sends (§4.3, PAGE-BAD-PARAMS): negative, zero and non-integer
 * `page[limit]`, negative and non-integer `page[offset]`.
 */
export const BAD_PAGE_VALUES: readonly { readonly param: 'limit' | 'offset'; readonly value: string }[] = [
  { param: 'limit', value: '-1' },
  { param: 'limit', value: '0' },
  { param: 'limit', value: 'abc' },
  { param: 'limit', value: '1.5' },
  { param: 'offset', value: '-1' },
  { param: 'offset', value: 'abc' },
  { param: 'offset', value: '1.5' },
];
