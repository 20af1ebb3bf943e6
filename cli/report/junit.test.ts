import { describe, expect, it } from 'vitest';
import { RULES } from '../../rules/catalogue.ts';
import { collected, failingReport, report } from '../../test-support/cli/make.ts';
import { renderJunit } from './junit.ts';

/** A small well-formedness check: balanced tags, quoted attributes, no raw `<` or stray `&` in text. */
function assertWellFormed(text: string): void {
  const body = text.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: string[] = [];
  const token = /<(\/?)([A-Za-z][\w-]*)((?:\s+[\w-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  let match: RegExpExecArray | null = token.exec(body);
  while (match) {
    const [, closing, name, , selfClosing, text, stray] = match;
    if (stray) throw new Error(`raw < at ${match.index}: ${body.slice(match.index, match.index + 40)}`);
    if (text !== undefined) {
      if (/&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(text)) throw new Error(`raw & in ${text.slice(0, 40)}`);
    } else if (closing) {
      if (stack.pop() !== name) throw new Error(`unbalanced </${name}>`);
    } else if (!selfClosing) {
      stack.push(name as string);
    }
    match = token.exec(body);
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.join('>, <')}>`);
}

describe('renderJunit', () => {
  it('leads a stopped run with an error case that says why, and a run that ended with none', () => {
    const r = failingReport('x');
    expect(renderJunit(r)).not.toContain('name="run"');
    const stopped = renderJunit({
      ...r,
      stopped: { kind: 'deadline', reason: 'The run passed its deadline' },
    });
    assertWellFormed(stopped);
    expect(stopped).toMatch(
      /<testsuites [^>]*>\n {2}<testsuite name="run" tests="1" failures="0" errors="1" skipped="0">\n {4}<testcase classname="run" name="the run ended"[^>]*>\n {6}<error message="stopped \(deadline\): The run passed its deadline; what it judged is reported" type="run stopped"\/>/,
    );
  });

  it('is well-formed XML with one case per check and per untested rule, evidence escaped', () => {
    const r = failingReport('<script>alert("x & y")</script>\u0001');
    const xml = renderJunit(r);
    assertWellFormed(xml);
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain('\u0001');
    expect(xml.match(/<testcase /g)?.length).toBe(RULES.length);
    expect(xml).toMatch(/<testsuite name="integrations" tests="\d+" failures="1" errors="0" skipped="\d+">/);
    expect(xml).toContain(
      '<failure message="INT-SELF-LINK MUST §2.2: expected data.links.self to be an absolute URL',
    );
    expect(xml).toContain('curl -i -g -X GET');
  });

  it('marks skipped, untested and not evaluated checks', () => {
    const xml = renderJunit(
      report([
        collected('INT-GET', 'error', { message: 'not evaluated: GET http://t/v2/x: timeout' }),
        collected('INT-DELETE', 'skipped', { reason: 'read-only mode' }),
      ]),
    );
    assertWellFormed(xml);
    expect(xml).toContain('<error message="not evaluated: GET http://t/v2/x: timeout" type="not evaluated">');
    expect(xml).toContain('<skipped message="read-only mode"/>');
    expect(xml).toContain('<skipped message="untested: no check of this rule ran"/>');
  });

  it('renders a known failure as skipped with its evidence, a stale entry as a failure only under --strict-baseline, an untested incomplete rule as an error', () => {
    const run = {
      filter: { rules: ['INT-SELF-LINK', 'INT-GET', 'INT-SCHEMA'], areas: [] },
      baseline: {
        file: 'b.json',
        entries: [
          { rule: 'INT-SELF-LINK' as const, reason: 'JIRA-7' },
          { rule: 'INT-GET' as const, reason: 'fixed' },
        ],
      },
    };
    const lenient = renderJunit(failingReport('{}', run));
    assertWellFormed(lenient);
    expect(lenient).toContain('<skipped message="known failure (baseline): JIRA-7"/>');
    expect(lenient).toMatch(/<system-out>INT-SELF-LINK MUST §2\.2: expected data\.links\.self/);
    expect(lenient).toMatch(
      /<testsuite name="integrations" tests="\d+" failures="0" errors="1" skipped="\d+">/,
    );
    expect(lenient).toContain(
      '<error message="incomplete: no check of this MUST rule ran" type="not evaluated"/>',
    );
    expect(lenient).toContain('<testsuite name="baseline" tests="1" failures="0" errors="0" skipped="0">');
    const strict = renderJunit(failingReport('{}', { ...run, strictBaseline: true }));
    assertWellFormed(strict);
    expect(strict).toMatch(
      /<failure message="baseline entry of INT-GET is stale: the rule now passes; remove the entry \(fixed\)" type="stale baseline entry"\/>/,
    );
  });
});
