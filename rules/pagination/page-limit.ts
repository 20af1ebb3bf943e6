/**
 * A plain page request with a valid page[limit] is served (a refusal fails). Given more than once, each a valid length, a page answers at most the `meta.page.limit` it says; a limit
 * none of the values gives is the parameter read as absent (the default limit's rule).
 */
import type { Answered } from '../../helpers/http/journal.ts';
import type { Judgement } from '../../helpers/judge/judgement.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { MAX_PAGE_LENGTH } from '../../helpers/limits.ts';
import { limitExpectations } from '../../helpers/listing/expect.ts';
import { LIMIT_PARAM, viewPage } from '../../helpers/listing/page.ts';
import { pageParams } from '../../helpers/listing/params.ts';
import { assertAll, failRefusal, givenOf, listingPages, pageOf, whereOf } from './read.ts';

function judgeRepeated(x: Answered, t: Judgement, given: readonly string[]): void {
  const params = pageParams(x.query);
  const lengths = given.map(Number);
  t.need(
    given.every((v) => /^[1-9]\d*$/.test(v)) && lengths.every((n) => n <= MAX_PAGE_LENGTH),
    'page[limit] given more than once, not every value a valid page length',
  );
  t.need(
    params.ambiguous?.includes(';') === false && ['absent', 'valid'].includes(params.offset.kind),
    'another page parameter repeated, nested or not valid',
  );
  t.need(x.response.ok, 'not a successful answer');
  const view = viewPage(x.response.json);
  const data = t.need(view.data, 'the answer has no data array');
  const limit = t.need(view.limit, 'no integer meta.page.limit');
  const where = whereOf(x, params);
  t.assert(
    data.length <= limit,
    `at most meta.page.limit = ${limit} records (${where}, page[limit] given ${given.length} times)`,
    `${data.length} records`,
    x.response,
  );
  const read = [...lengths, t.settings.defaultPageLimit];
  t.need(read.includes(limit), `meta.page.limit ${limit}: none of the values given, read as absent`);
}

export default rule({
  id: 'PAGE-LIMIT',
  level: 'MUST',
  section: '§4.3',
  title: '`page[limit]=n` (1 to 100) answers at most `n` records and `meta.page.limit` = `n`.',
  exchange: {
    scope: { ...listingPages, status: 'not 5xx' },
    judge: (x, t) => {
      const given = x.query.all(LIMIT_PARAM);
      if (given.length > 1) return judgeRepeated(x, t, given);
      if (!x.response.ok) {
        const page = givenOf(x, t);
        t.need(page.plain && page.limit !== undefined, 'not a plain page request with a page[limit]');
        return failRefusal(x, t, page);
      }
      const page = pageOf(x, t);
      const limit = t.need(page.given.limit, 'no page[limit] given');
      const expectations = limitExpectations(page.view, { limit });
      // Without an integer meta.page.limit (the envelope rule's failure), only the records.
      assertAll(t, page.view.limit === undefined ? expectations.slice(0, 1) : expectations, x, page.where);
    },
  },
});
