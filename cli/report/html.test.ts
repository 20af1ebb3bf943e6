import { describe, expect, it } from 'vitest';
import { RULES } from '../../rules/catalogue.ts';
import { failingReport, report } from '../../test-support/cli/make.ts';
import { renderHtml } from './html.ts';

const INJECTED = '<script>window.__pwned = 1</script><img src="https://evil.example/x.png">';

describe('renderHtml', () => {
  const page = renderHtml(failingReport(INJECTED));

  it('is self-contained: no external resource of any kind', () => {
    expect(page).not.toMatch(/\b(src|href|action|poster|srcset)\s*=\s*["']?\s*(https?:)?\/\//i);
    expect(page).not.toMatch(/url\(\s*["']?\s*(https?:)?\/\//i);
    expect(page).not.toMatch(/@import/i);
    expect(page).not.toMatch(/<link\b/i);
    expect(page).not.toMatch(/<script\b[^>]*\bsrc=/i);
    expect(page).toContain("default-src 'none'");
  });

  it('escapes every piece of evidence', () => {
    expect(page).not.toContain('<script>window.__pwned');
    expect(page).not.toContain('<img src="https://evil.example');
    expect(page).toContain('&lt;script&gt;window.__pwned = 1&lt;/script&gt;');
    // Only the page's own script.
    expect(page.match(/<script>/g)?.length).toBe(1);
  });

  it('lists every rule with status, level and section; failures open with evidence and a copy button', () => {
    for (const rule of RULES) expect(page).toContain(`id="rule-${rule.id}"`);
    expect(page).toMatch(
      /<details class="rule" id="rule-INT-SELF-LINK" data-status="failed" open>\n<summary><span class="badge s-failed">failed<\/span> <strong>INT-SELF-LINK<\/strong> <span class="level">MUST<\/span> <span class="section">§2.2<\/span>/,
    );
    expect(page).toContain('<pre class="message">INT-SELF-LINK MUST §2.2: expected data.links.self');
    expect(page).toContain('<pre class="request">GET http://127.0.0.1:4010/v2/integrations/abc');
    expect(page).toMatch(/<pre class="response">200\n/);
    expect(page).toMatch(/<button type="button" class="copy" data-copy="curl-1">Copy curl<\/button>/);
    expect(page).toContain('<pre class="curl" id="curl-1">curl -i -g -X GET');
    expect(page).toMatch(/<details class="rule" id="rule-INT-GET" data-status="passed">/);
    expect(page).toContain('id="summary"');
    expect(page).toContain('<p id="failed">Failed rules: <a href="#rule-INT-SELF-LINK">INT-SELF-LINK</a>');
  });

  it('renders the sentences of the catalogue and of the faults with their code spans, no backtick left', () => {
    const text = page.replace(/<(pre|script)\b[\s\S]*?<\/\1>/g, '');
    expect(text).not.toContain('`');
    expect(page).toContain(
      'A single-resource response is <code>{ &quot;data&quot;: &lt;object&gt; }</code>.',
    );
    expect(page).toContain('Transactions have no <code>type</code> member.');
  });

  it('draws the coverage as a bar per dimension and lists the first ten points not visited, folding the rest', () => {
    const none = renderHtml(report([], { coverage: [{}] }));
    const section = none.match(/<section id="coverage">[\s\S]*?<\/section>/)?.[0] ?? '';
    const methods = section.split('<div class="dimension">')[1] ?? '';
    expect(methods).toMatch(
      /<svg class="bar" [^>]*aria-label="Transformations of every request[^"]*: 0 of (\d+) points visited \(0%\)/,
    );
    expect(methods).toMatch(
      /<p>Not visited \(\d+, the first 20 listed\):<\/p><ul class="points">(<li><code>[^<]+<\/code><\/li>){10}<\/ul><details><summary>10 more<\/summary><ul class="points">(<li><code>[^<]+<\/code><\/li>){10}<\/ul><\/details>/,
    );
  });
});
