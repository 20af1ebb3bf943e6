import { describe, expect, it } from 'vitest';
import { cell, code } from './markdown.ts';

describe('Markdown escaping', () => {
  it('keeps a table cell in one cell and one line, with no raw HTML', () => {
    expect(cell('a | b\r\nc <script>')).toBe('a \\| b c &lt;script>');
  });

  it('keeps a code span closed', () => {
    expect(code('say `hi`')).toBe("say 'hi'");
  });
});
