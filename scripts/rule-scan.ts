/**
 * Finds, by reading the suites' source with the TypeScript compiler, every `check(RULE, …)` call (of the
 * `check` of `helpers/check/check.ts`, imported under that name): the rule(s) it names and the JSON Schemas
 * its body validates with (`t.expectSchema(value, SCHEMA, …)`, also inside the project's functions that the
 * body calls or passes on). A rule or schema written as an expression rather than a literal
 * (`check(mode.rule, …)`, `t.expectSchema(item, listing.kind, …)`) is resolved through its type, which must
 * then be a narrow union of literals (`'AUTH-REQUIRED' | 'AUTH-INVALID'`).
 *
 * The rule index's check files (`helpers/catalogue/rule-checks.generated.ts`, written by `npm run
 * docs:rules`) are made from it, and the schemas each rule declares in the catalogue are tested against it.
 * A development tool: it needs the `typescript` package, which the published suite does not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { isRuleId, RULES, type RuleId } from '../helpers/catalogue/rules.ts';
import { SCHEMA_NAMES, type SchemaName } from '../schemas/types.generated.ts';

/** The project's root directory: paths in a scan are relative to it, with `/`. */
export const PROJECT_ROOT: string = fileURLToPath(new URL('../', import.meta.url));

/**
 * The functions that declare a check, each with the module that declares it: `check(RULE, title, body)`, and
 * `exploreCheck(RULE, title, make)` of the deep profile's generated explorations (same arguments).
 */
const CHECK_FUNCTIONS = [
  { name: 'check', module: 'helpers/check/check.ts' },
  { name: 'exploreCheck', module: 'helpers/depth/explore.ts' },
] as const;

/** One `check(…)` call of a suite module. */
export interface CheckSite {
  /** The module, relative to the project root (`suites/transactions/list.ts`). */
  readonly file: string;
  /** 1-based line of the call. */
  readonly line: number;
  /** The rules it may name: one for a literal, the members of its type's union otherwise. */
  readonly rules: readonly RuleId[];
  /** Whether the rule is written as a literal (then `rules` has exactly that one). */
  readonly literal: boolean;
  /** The schemas its body validates with, sorted. */
  readonly schemas: readonly SchemaName[];
}

/** The standard library's declarations, parsed once for every scan of the process. */
const LIBRARY = new Map<string, ts.SourceFile>();

/** Every `.ts` module under `dir` (at any depth), tests left out, sorted. */
function modulesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => join(dir, name))
    .sort();
}

const projectPath = (root: string, file: string) => relative(root, file).split(sep).join('/');

/** The string literals a type stands for; undefined when it is not a union of string literals. */
function literalsOf(type: ts.Type): string[] | undefined {
  const members = type.isUnion() ? type.types : [type];
  const values = members.map((member) => (member.isStringLiteral() ? member.value : undefined));
  return values.every((v) => v !== undefined) ? (values as string[]) : undefined;
}

/** The declarations whose bodies run when `node` (a callee or a function passed on) is called. */
function bodiesOf(checker: ts.TypeChecker, node: ts.Node): ts.Node[] {
  let symbol = checker.getSymbolAtLocation(node);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return (symbol?.declarations ?? []).flatMap((declaration) => {
    if (ts.isFunctionDeclaration(declaration) || ts.isMethodDeclaration(declaration))
      return declaration.body ? [declaration.body] : [];
    if (
      (ts.isVariableDeclaration(declaration) || ts.isPropertyAssignment(declaration)) &&
      declaration.initializer &&
      (ts.isArrowFunction(declaration.initializer) || ts.isFunctionExpression(declaration.initializer))
    )
      return [declaration.initializer.body];
    return [];
  });
}

/** Scans the suites (or the suites of another project `root`, for tests). */
export function scanChecks(root: string = PROJECT_ROOT): CheckSite[] {
  const files = modulesUnder(join(root, 'suites'));
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es5.d.ts', 'lib.es2015.iterable.d.ts', 'lib.es2015.symbol.d.ts'],
    allowImportingTsExtensions: true,
    noEmit: true,
    strict: true,
    skipLibCheck: true,
    types: [],
  };
  // The rule and schema names are the project's own types: the packages' declarations (vitest, faker,
  // fastify: most of the time a full program takes) are left out, their types read as `any`, and of the
  // standard library only what arrays and `for … of` need.
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, ...rest) => {
    if (!name.includes('/node_modules/')) return getSourceFile(name, ...rest);
    if (!name.includes('/node_modules/typescript/lib/')) return undefined;
    const lib = LIBRARY.get(name) ?? getSourceFile(name, ...rest);
    if (lib) LIBRARY.set(name, lib);
    return lib;
  };
  const program = ts.createProgram(files, options, host);
  const checker = program.getTypeChecker();
  const inProject = (node: ts.Node) => {
    const file = node.getSourceFile().fileName;
    return !file.includes('/node_modules/') && !file.endsWith('.d.ts');
  };

  /**
   * The literals an argument stands for. A union of more than half the names of `allowed` is taken for the
   * whole type (a parameter typed `RuleId` or `SchemaName`), which does not say which: refused, as is a type
   * that is no union of literals.
   */
  function resolve(node: ts.Expression, allowed: readonly string[], what: string): string[] {
    const values = literalsOf(checker.getTypeAtLocation(node));
    const where = `${projectPath(root, node.getSourceFile().fileName)}:${node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    if (!values || values.length === 0 || values.length > allowed.length / 2)
      throw new Error(
        `${where}: the ${what} \`${node.getText()}\` is not a literal nor a narrow union of literals; write it so the rule index can read it (a literal, or typed as a union such as 'category' | 'product')`,
      );
    const unknown = values.filter((v) => !allowed.includes(v));
    if (unknown.length > 0) throw new Error(`${where}: ${unknown.join(', ')} is not a ${what}`);
    return values;
  }

  /** The schemas validated with inside `node`, following the project's functions it calls or passes on. */
  function schemasIn(node: ts.Node, seen: Set<ts.Node>, found: Set<SchemaName>): void {
    if (seen.has(node)) return;
    seen.add(node);
    const visit = (child: ts.Node): void => {
      if (
        ts.isCallExpression(child) &&
        ts.isPropertyAccessExpression(child.expression) &&
        child.expression.name.text === 'expectSchema' &&
        child.arguments[1]
      ) {
        for (const name of resolve(child.arguments[1], SCHEMA_NAMES, 'schema name'))
          found.add(name as SchemaName);
      }
      if (ts.isCallExpression(child)) {
        // The function called, and the functions passed on to it (`assertAll(t, pages, expectListing)`).
        for (const callee of [child.expression, ...child.arguments]) {
          if (!ts.isIdentifier(callee) && !ts.isPropertyAccessExpression(callee)) continue;
          for (const body of bodiesOf(checker, callee)) if (inProject(body)) schemasIn(body, seen, found);
        }
      }
      ts.forEachChild(child, visit);
    };
    visit(node);
  }

  const isCheck = (call: ts.CallExpression) =>
    ts.isIdentifier(call.expression) &&
    CHECK_FUNCTIONS.some(
      ({ name, module }) =>
        (call.expression as ts.Identifier).text === name &&
        bodiesOf(checker, call.expression).some((body) => body.getSourceFile().fileName.endsWith(module)),
    );

  const sites: CheckSite[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && isCheck(node)) {
        const [ruleArg, , body] = node.arguments;
        if (!ruleArg || !body) throw new Error(`${projectPath(root, file)}: a check() without rule or body`);
        const ids = RULES.map((r) => r.id);
        const found = new Set<SchemaName>();
        schemasIn(body, new Set(), found);
        sites.push({
          file: projectPath(root, file),
          line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
          rules: resolve(ruleArg, ids, 'rule ID').filter(isRuleId),
          literal: ts.isStringLiteralLike(ruleArg),
          schemas: [...found].sort(),
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return sites;
}

/**
 * Checks that are not in `suites/`: the run-wide sweep of every exchange of a run (HTTP-NO-5XX). Each names
 * its rule as a literal.
 */
export const RUN_WIDE_CHECKS: readonly string[] = ['cli/no-5xx.ts'];

/** A quoted string shaped like a rule ID. */
const RULE_LITERAL = /['"`]([A-Z]{3,5}(?:-[A-Z0-9]+)+)['"`]/g;

/** The modules whose checks judge each rule, in catalogue order: the suites', then the run-wide ones. */
export function checkFilesByRule(
  sites: readonly CheckSite[],
  root: string = PROJECT_ROOT,
): Record<RuleId, string[]> {
  const files = Object.fromEntries(RULES.map((rule) => [rule.id, [] as string[]])) as Record<
    RuleId,
    string[]
  >;
  const add = (id: RuleId, file: string) => {
    if (!files[id].includes(file)) files[id].push(file);
  };
  for (const site of [...sites].sort((a, b) => a.file.localeCompare(b.file)))
    for (const id of site.rules) add(id, site.file);
  for (const file of RUN_WIDE_CHECKS) {
    for (const match of readFileSync(join(root, file), 'utf8').matchAll(RULE_LITERAL)) {
      const id = match[1] as string;
      if (isRuleId(id)) add(id, file);
    }
  }
  return files;
}
