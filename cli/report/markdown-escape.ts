/** Text safe inside a Markdown table cell: no `|` that splits the cell, no line break, no raw HTML. */
export function cell(text: string): string {
  return text
    .replace(/\|/g, '\\|')
    .replace(/[\r\n]+/g, ' ')
    .replace(/</g, '&lt;');
}

/** Text safe inside a Markdown code span: its backticks become quotes. */
export function code(text: string): string {
  return text.replace(/`/g, "'");
}
