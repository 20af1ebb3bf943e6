/**
 * PAGE-OFFSET-HARD (§8): `GET /v2/orders` and `GET /v2/files` with `page[offset]` above 10,000 (an integer)
 * are rejected with 4xx, whatever their other parameters.
 */
import { HARD_LISTINGS } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { onPageParams } from './read.ts';

export default rule('PAGE-OFFSET-HARD', {
  exchange: onPageParams(
    HARD_LISTINGS,
    (p) => p.offset.kind === 'above',
    (x, t) => t.expectStatus(x.response, '4xx'),
  ),
});
