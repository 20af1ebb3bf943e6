/**
 * The GitHub Actions expressions of action.yml, evaluated for scripts/action.test.ts: exactly the few forms the
 * action uses, and an error for anything else, so that the test never runs a step whose meaning it guessed.
 *
 * Grammar: `operand (('==' | '!=') operand)?` joined by `&&`; an operand is `always()`, a string literal
 * `'…'` (`''` for a quote), `inputs.<name>`, `github.action_path` or `steps.<id>.outputs.<name>`. Strings
 * compare case-insensitively, as GitHub's do.
 */

/** What the expressions of action.yml read. */
export interface ExpressionContext {
  /** Every input of the action, defaults applied. */
  readonly inputs: Readonly<Record<string, string>>;
  readonly github: { readonly action_path: string };
  /** Every step id of the action; a step that has not run (or set nothing) has no outputs. */
  readonly steps: Readonly<Record<string, { readonly outputs: Readonly<Record<string, string>> }>>;
}

export type ExpressionValue = string | boolean;

/** An expression outside the grammar above, or one that names an unknown input or step. */
export class UnsupportedExpression extends Error {
  constructor(expression: string, problem: string) {
    super(`unsupported expression "${expression}": ${problem}`);
    this.name = 'UnsupportedExpression';
  }
}

const TOKEN = /\s*(&&|==|!=|always\(\)|'(?:[^']|'')*'|[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*)/y;

/** The tokens of an expression; an unknown character is an {@link UnsupportedExpression}. */
function tokenize(expression: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < expression.trimEnd().length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(expression);
    if (!match?.[1])
      throw new UnsupportedExpression(expression, `unexpected text at "${expression.slice(at)}"`);
    tokens.push(match[1]);
  }
  return tokens;
}

/** Whether a value counts as true in a condition: a non-empty string, or `true`. */
export function truthy(value: ExpressionValue): boolean {
  return value !== '' && value !== false;
}

/** The value of a property path of the context. */
function resolve(path: string, context: ExpressionContext, expression: string): string {
  const parts = path.split('.');
  const [root, first, second, third] = parts;
  if (root === 'inputs' && parts.length === 2 && first !== undefined) {
    if (!Object.hasOwn(context.inputs, first))
      throw new UnsupportedExpression(expression, `no input ${first}`);
    return context.inputs[first] as string;
  }
  if (path === 'github.action_path') return context.github.action_path;
  if (root === 'steps' && parts.length === 4 && second === 'outputs' && first !== undefined && third) {
    const step = context.steps[first];
    if (!step) throw new UnsupportedExpression(expression, `no step with id ${first}`);
    return step.outputs[third] ?? '';
  }
  throw new UnsupportedExpression(expression, `unknown context ${path}`);
}

/** The value of one operand token. */
function operand(token: string | undefined, context: ExpressionContext, expression: string): ExpressionValue {
  if (token === undefined) throw new UnsupportedExpression(expression, 'an operand is missing');
  if (token === 'always()') return true;
  if (token.startsWith("'")) return token.slice(1, -1).replaceAll("''", "'");
  if (['&&', '==', '!='].includes(token)) throw new UnsupportedExpression(expression, `unexpected ${token}`);
  return resolve(token, context, expression);
}

/** The value of `operand`, or of `operand (== | !=) operand`. */
function comparison(
  tokens: readonly string[],
  context: ExpressionContext,
  expression: string,
): ExpressionValue {
  const [left, op, right] = tokens;
  if (tokens.length === 1) return operand(left, context, expression);
  if (tokens.length !== 3 || (op !== '==' && op !== '!=')) {
    throw new UnsupportedExpression(
      expression,
      `expected a value or a comparison, got "${tokens.join(' ')}"`,
    );
  }
  const a = operand(left, context, expression);
  const b = operand(right, context, expression);
  if (typeof a !== 'string' || typeof b !== 'string') {
    throw new UnsupportedExpression(expression, 'only strings are compared');
  }
  return (a.toLowerCase() === b.toLowerCase()) === (op === '==');
}

/** Evaluates one expression: the text inside `${{ }}`, or an `if:` condition without it. */
export function evaluate(expression: string, context: ExpressionContext): ExpressionValue {
  const terms: string[][] = [[]];
  for (const token of tokenize(expression)) {
    if (token === '&&') terms.push([]);
    else terms[terms.length - 1]?.push(token);
  }
  // Every term is evaluated (they have no side effects), so that an unsupported one is never passed over.
  const values = terms.map((term) => comparison(term, context, expression));
  // `a && b` is a when a is false, else b.
  return values.reduce((result, value) => (truthy(result) ? value : result));
}

/** A text with its `${{ … }}` expressions replaced by their values. */
export function interpolate(text: string, context: ExpressionContext): string {
  const replaced = text.replace(/\$\{\{(.*?)\}\}/gs, (_, inner: string) => String(evaluate(inner, context)));
  if (replaced.includes('${{')) throw new UnsupportedExpression(text, 'an unclosed ${{');
  return replaced;
}

/**
 * Whether a step runs: `if:` (with or without `${{ }}`) as GitHub reads it. Without `always()` the condition
 * holds only while no earlier step failed (an implicit `success() &&`); without `if:`, that alone.
 */
export function stepRuns(
  condition: string | undefined,
  context: ExpressionContext,
  failed: boolean,
): boolean {
  if (condition === undefined) return !failed;
  const expression = condition.trim().replace(/^\$\{\{([\s\S]*)\}\}$/, '$1');
  const value = truthy(evaluate(expression, context));
  return /\balways\(\)/.test(expression) ? value : !failed && value;
}
