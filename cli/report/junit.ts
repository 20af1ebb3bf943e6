import { html } from './html-assets.ts';
import type { CheckResult, ConformanceReport, RuleResult } from './model.ts';

/**
 * `junit.xml`: one test suite per area, one test case per check (class name: the rule ID), and one per
 * untested rule, so that CI systems count every rule; a known failure is a skipped case.
 */
export function renderJunit(report: ConformanceReport): string {
  const byArea = new Map<string, RuleResult[]>();
  for (const rule of report.rules) byArea.set(rule.area, [...(byArea.get(rule.area) ?? []), rule]);
  const incomplete = new Set<string>(report.verdict.incomplete ?? []);
  const suites = [...byArea].map(([area, rules]) => {
    const cases = rules.flatMap((rule) =>
      rule.checks.length > 0
        ? rule.checks.map((check) => testCase(rule, check))
        : [
            `    <testcase classname="${xml(rule.id)}" name="${xml(`${rule.id} ${rule.level}: untested`)}" time="0">\n      ${incomplete.has(rule.id) ? '<error message="incomplete: no check of this MUST rule ran" type="not evaluated"/>' : '<skipped message="untested: no check of this rule ran"/>'}\n    </testcase>`,
          ],
    );
    // Every case holds at most one of these elements (evidence is escaped).
    const count = (tag: string) => cases.filter((c) => c.includes(`<${tag} `)).length;
    return `  <testsuite name="${xml(area)}" tests="${cases.length}" failures="${count('failure')}" errors="${count('error')}" skipped="${count('skipped')}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="Commerce Service API conformance" time="${seconds(report.durationMs)}" timestamp="${xml(report.startedAt)}">\n${[stoppedSuite(report), ...suites, staleSuite(report)].filter((suite) => suite !== '').join('\n')}\n</testsuites>\n`;
}

/** A stopped run: one error case, first, with the reason. */
function stoppedSuite(report: ConformanceReport): string {
  if (!report.stopped) return '';
  const { kind, reason } = report.stopped;
  return `  <testsuite name="run" tests="1" failures="0" errors="1" skipped="0">\n    <testcase classname="run" name="the run ended" time="${seconds(report.durationMs)}">\n      <error message="${xml(`stopped (${kind}): ${reason}; what it judged is reported`)}" type="run stopped"/>\n    </testcase>\n  </testsuite>`;
}

/** One case per stale baseline entry: a failure under `--strict-baseline`, else passed with a note. */
function staleSuite(report: ConformanceReport): string {
  const stale = report.rules.filter((r) => r.baseline?.mark === 'stale');
  if (stale.length === 0) return '';
  const fatal = report.verdict.strictBaseline;
  const cases = stale.map((rule) => {
    const text = `baseline entry of ${rule.id} is stale: the rule now passes; remove the entry (${rule.baseline?.note ?? ''})`;
    return `    <testcase classname="${xml(rule.id)}" name="${xml(`${rule.id}: baseline entry still needed`)}" time="0">\n      ${fatal ? `<failure message="${xml(text)}" type="stale baseline entry"/>` : `<system-out>${xml(text)}</system-out>`}\n    </testcase>`;
  });
  return `  <testsuite name="baseline" tests="${stale.length}" failures="${fatal ? stale.length : 0}" errors="0" skipped="0">\n${cases.join('\n')}\n  </testsuite>`;
}

function testCase(rule: RuleResult, check: CheckResult): string {
  const open = `    <testcase classname="${xml(rule.id)}" name="${xml(check.name)}" time="${seconds(check.durationMs ?? 0)}"${check.file ? ` file="${xml(check.file)}"` : ''}>`;
  const flaky =
    rule.history?.flaky &&
    `      <properties><property name="flaky" value="true"/><property name="flips" value="${rule.history.flips}"/></properties>`;
  const tag = check.status === 'failed' ? 'failure' : 'error';
  const body =
    check.status === 'failed' && rule.baseline?.mark === 'known'
      ? `      <skipped message="${xml(`known failure (baseline): ${rule.baseline.note}`)}"/>\n      <system-out>${xml(evidence(check))}</system-out>`
      : check.status === 'failed' || check.status === 'error'
        ? `      <${tag} message="${xml(firstLine(check.message ?? ''))}" type="${xml(tag === 'failure' ? `${rule.level} ${rule.section}` : 'not evaluated')}">${xml(evidence(check))}</${tag}>`
        : check.status === 'skipped'
          ? `      <skipped message="${xml(check.reason ?? 'skipped')}"/>`
          : check.observations &&
            `      <system-out>${xml(JSON.stringify(check.observations, null, 2))}</system-out>`;
  return [open, flaky, body, '    </testcase>'].filter((line) => line).join('\n');
}

function evidence(check: CheckResult): string {
  const lines = [check.message ?? ''];
  if (check.request) lines.push('', `${check.request.method} ${check.request.url}`);
  if (check.response) lines.push(`→ ${check.response.status}`, check.response.body);
  if (check.curl) lines.push('', check.curl);
  return lines.join('\n');
}

const firstLine = (text: string) => {
  const line = text.split('\n')[0] ?? '';
  return line.length > 500 ? `${line.slice(0, 500)}…` : line;
};

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** Escapes text for XML content and attributes, dropping characters XML 1.0 cannot hold. */
function xml(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing the characters XML forbids.
  const allowed = text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
  return html(allowed).replaceAll('&#39;', '&apos;');
}
