import type { RuleId } from '../../rules/catalogue.ts';
import { html } from './html-escape.ts';
import { faultCommand, type RuleIndex, ruleIndex } from './rule-index.ts';

export const RULE_INDEX_STYLE = `
details.about { margin: 6px 0 6px 16px; } details.about > summary { cursor: pointer; color: var(--muted); }
dl.about { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 6px 0; }
dl.about dt { font-weight: 600; } dl.about dd { margin: 0; } dl.about ul { margin: 0; padding-left: 18px; }
dl.about code { white-space: nowrap; }
`;

const code = (text: string) => `<code>${html(text)}</code>`;
const ruleLink = (id: RuleId) => `<a href="#rule-${html(id)}">${html(id)}</a>`;

/** A rule row's entry of the rule index; empty for an ID it does not know (a report of another version). */
export function ruleIndexHtml(id: RuleId, index: RuleIndex = ruleIndex()): string {
  const entry = index.get(id);
  if (!entry) return '';
  const rows: [string, string][] = [
    ['Decided in', code(entry.file)],
    [
      'Schemas',
      entry.schemas.map(code).join(', ') ||
        'none: its verdicts assert values, not the shape of a whole answer',
    ],
    [
      'Faults',
      entry.faults.length === 0
        ? entry.rule.level === 'INFO'
          ? 'none: an INFO rule is observed, never failed'
          : 'none'
        : `<ul>${entry.faults
            .map(
              (fault) =>
                `<li>${code(fault.name)}: ${html(fault.description)} See a worked failure: ${code(faultCommand(fault.name))}</li>`,
            )
            .join('')}</ul>`,
    ],
  ];
  if (entry.collateralOf.length > 0) {
    rows.push([
      'Collateral of',
      `<ul>${entry.collateralOf
        .map(
          ({ fault, reason }) =>
            `<li>${code(fault.name)} (fault of ${ruleLink(fault.rule)}): ${html(reason)}</li>`,
        )
        .join('')}</ul>`,
    ]);
  }
  return `<details class="about" id="about-${html(id)}"><summary>File, schemas and faults of ${html(id)}</summary>
<dl class="about">${rows.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('')}</dl>
</details>
`;
}
