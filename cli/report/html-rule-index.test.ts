import { describe, expect, it } from 'vitest';
import type { Fault } from '../../reference/faults/fault.ts';
import type { RuleId } from '../../rules/catalogue.ts';
import { failingReport } from '../../test-support/cli/make.ts';
import { renderHtml, ruleIndexHtml } from './html.ts';
import { buildRuleIndex, faultCommand, ruleIndex } from './rule-index.ts';

const install = () => {};
const nested: Fault = {
  name: 'refund-nested',
  rule: 'TXN-REFUND',
  description: 'The refund answer is <b>nested</b> one level deeper.',
  collateral: { 'TXN-SCHEMA': 'the refund is no transaction where <data> should be one' },
  install,
};
const index = buildRuleIndex([nested]);

/** The `<dd>` of a term in a block. */
const dd = (block: string, term: string) => new RegExp(`<dt>${term}</dt><dd>(.*?)</dd>`).exec(block)?.[1];

describe('ruleIndexHtml', () => {
  it("shows a rule's file, schemas and collateral faults, each fault's reason escaped, its own rule linked", () => {
    const block = ruleIndexHtml('TXN-SCHEMA', index);
    expect(block).toMatch(/^<details class="about" id="about-TXN-SCHEMA"><summary>/);
    expect(dd(block, 'Decided in')).toBe('<code>rules/transactions/txn-schema.ts</code>');
    expect(dd(block, 'Schemas')).toBe(
      '<code>schemas/transaction.schema.json</code>, <code>schemas/transaction-refund.schema.json</code>',
    );
    expect(dd(block, 'Faults')).toBe('none');
    expect(dd(block, 'Collateral of')).toBe(
      '<ul><li><code>refund-nested</code> (fault of <a href="#rule-TXN-REFUND">TXN-REFUND</a>): the refund is no transaction where &lt;data&gt; should be one</li></ul>',
    );
  });

  it("shows a rule's own faults with the command that shows a worked failure", () => {
    const block = ruleIndexHtml('TXN-REFUND', index);
    expect(dd(block, 'Faults')).toBe(
      '<ul><li><code>refund-nested</code>: The refund answer is &lt;b&gt;nested&lt;/b&gt; one level deeper. See a worked failure: <code>npm run reference -- --fault refund-nested</code></li></ul>',
    );
    expect(dd(block, 'Schemas')).toBe('none: its verdicts assert values, not the shape of a whole answer');
    expect(dd(block, 'Collateral of')).toBeUndefined();
  });

  it('says that an INFO rule has no fault, and shows nothing for an ID the index does not know', () => {
    expect(dd(ruleIndexHtml('AUTH-STATUS', index), 'Faults')).toBe(
      'none: an INFO rule is observed, never failed',
    );
    expect(ruleIndexHtml('NOPE-RULE' as RuleId, index)).toBe('');
  });
});

describe("the HTML report's rule rows", () => {
  const page = renderHtml(failingReport('{}'));

  it('each hold the rule index entry of their rule: the same checks, schemas and faults as the rule table of docs/reference-server.md', () => {
    for (const [id, entry] of ruleIndex()) {
      const row = new RegExp(
        `<details class="rule" id="rule-${id}"[^]*?<details class="about" id="about-${id}">([^]*?)</details>\\n</details>`,
      ).exec(page)?.[1];
      expect(row, id).toBeDefined();
      const block = row ?? '';
      for (const file of [entry.file, ...entry.schemas]) expect(block, id).toContain(`<code>${file}</code>`);
      for (const fault of entry.faults)
        expect(block, id).toContain(`<code>${faultCommand(fault.name)}</code>`);
      for (const { fault } of entry.collateralOf)
        expect(block, id).toContain(`<code>${fault.name}</code> (fault of`);
    }
  });
});
