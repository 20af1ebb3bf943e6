/**
 * Markdown as `docs/docs.test.ts` reads it: the anchors of its headings (as GitHub makes them), its relative
 * links, and the repository paths it names in backticks. Fenced code blocks are left out of all three.
 */

/** A link of a Markdown file: its target as written, and the line it is on (1-based). */
export interface MarkdownLink {
  readonly target: string;
  readonly line: number;
}

/** The lines of a Markdown text outside fenced code blocks (fence lines left out too), with their numbers. */
export function proseLines(markdown: string): { text: string; line: number }[] {
  const lines: { text: string; line: number }[] = [];
  let fenced = false;
  markdown.split('\n').forEach((text, i) => {
    if (/^\s*(```|~~~)/.test(text)) fenced = !fenced;
    else if (!fenced) lines.push({ text, line: i + 1 });
  });
  return lines;
}

/**
 * The anchor GitHub gives a heading: its text without link syntax, in lower case, with every character but
 * letters, digits, `_`, `-` and spaces dropped, and each space made a `-`.
 */
export function githubSlug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown text's headings (`#` to `######`); a repeated one gets `-1`, `-2`, … */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)?.[1];
    if (heading === undefined) continue;
    const slug = githubSlug(heading);
    let anchor = slug;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${slug}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

/**
 * The relative links of a Markdown text: `[text](target)` and `![alt](target)` outside code (fenced blocks
 * and inline code spans), whose target has no scheme (`https:`, `mailto:` …). A target of `#anchor` alone is
 * kept.
 */
export function relativeLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  for (const { text, line } of proseLines(markdown)) {
    const prose = text.replace(/`[^`]*`/g, '');
    for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = match[1] as string;
      if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) links.push({ target, line });
    }
  }
  return links;
}

/**
 * The repository paths a Markdown text names in backticks outside fenced blocks: a code span made only
 * of path segments (letters, digits, `_`, `.`, `-`) joined by `/`, holding at least one `/` and not starting
 * with one. A span ending in `/` names a folder. Placeholders (`rules/<area>/`, `reference/faults/*.ts`) and
 * URL paths (`/v2/products`) are not paths of the tree and do not match.
 */
export function backtickedPaths(markdown: string): string[] {
  const paths: string[] = [];
  for (const { text } of proseLines(markdown))
    for (const match of text.matchAll(/`([A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*\/?)`/g)) {
      const path = match[1] as string;
      if (path.includes('/')) paths.push(path);
    }
  return paths;
}
