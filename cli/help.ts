import { AREAS } from '../helpers/catalogue/rule.ts';
import { SETTINGS } from '../helpers/config/settings.ts';
import { flagOf } from './args.ts';

/** The text of `--help`: usage, flags (every setting has one), filters, sharding, exit codes. */
export function helpText(): string {
  const settings = SETTINGS.map((s) => {
    const flag = s.name === 'CONFORMANCE_READ_ONLY' ? `--${flagOf(s.name)}` : `--${flagOf(s.name)} <value>`;
    const def = 'default' in s ? ` (default ${s.default})` : '';
    return `  ${flag.padEnd(30)} ${s.name}: ${s.description}${def}`;
  });
  return `Commerce Service API conformance suite

Usage: commerce-conformance [command] [flags]   (from a clone: npm run conformance -- [command] [flags])

  (no command) [flags]           run the conformance suites against the target and write the reports:
                                 conformance.json, junit.xml, conformance.html, summary.md, history.json. A
                                 conformance.json already there is the previous run: the reports show what
                                 changed since; history.json keeps the last runs (CONFORMANCE_HISTORY_SIZE):
                                 each rule's recent statuses, and which rules are flaky
  merge <dir>... --report-dir <out> [--strict]
                                 merge the reports of shards: reads <dir>/conformance.json of each and writes
                                 the four reports of the whole run to <out>; exit code as for a run
  diff <A> <B> [--report-dir <out>]
                                 compare two reports (directories or conformance.json files) rule by rule:
                                 regression, fix, still failing, changed or unchanged, and INFO observations
                                 side by side; writes diff.md and diff.json to <out> (default: B's directory)
                                 and prints the Markdown; exit 1 when a rule regressed, else 0
  matrix <dir>... [--report-dir <out>]
                                 one page of rules × implementations (one per report, named by its label,
                                 else its target): matrix.html, matrix.md, matrix.json and badges/<label>.json
                                 (shields.io endpoint) in <out> (default: matrix)
  traffic <file.har>... [--base-url <url>] [--report-dir <dir>] [--strict]
                                 judge a HAR recording by the exchange rules (sends nothing; docs/traffic.md):
                                 keeps the /v2 entries under --base-url (default: the recording's one API);
                                 reads .har.gz and .zhar; flow rules and rules it holds nothing for are
                                 untested ("not in the recording") and do not make the verdict incomplete
  proxy --target <url> [--host <h>] [--port <n>] [--report-every <s>] [flags]
                                 a forwarding proxy that judges every exchange through it: listens on --host
                                 (127.0.0.1) and --port (0: a free one), prints "listening http://HOST:PORT",
                                 one FAIL line per failed verdict, and writes the reports on SIGINT / SIGTERM
                                 and every --report-every seconds. Exit codes of traffic and proxy: 0 no
                                 judged MUST rule failed (--strict: no SHOULD either), 1 one did, 2 no
                                 verdict: a file unreadable, no exchange of the API, or none judged
  cleanup [--report-dir <dir>] [--base-url <url>]
                                 delete every record listed in <dir>/ledger.json (what an interrupted run
                                 left) from the target (same settings as a run); exit 0 when the ledger is
                                 empty afterwards, 1 when records remain, 2 for a bad setting or target
  baseline write --report-dir <dir> --baseline <file>
                                 write the failures of <dir>/conformance.json (and the MUST rules it could not
                                 evaluate, as unsupported) to <file> as a baseline to edit, keeping entries
                                 still needed
  reference [--fault <name>]... [--variant <name>]... | --list-faults | --list-variants
                                 commerce-conformance reference (npm run reference) serves the embedded
                                 reference server on PORT (4010) of HOST (127.0.0.1) until Ctrl-C;
                                 REFERENCE_TOKEN, REFERENCE_CLIENT_ID, REFERENCE_CLIENT_SECRET and
                                 REFERENCE_DEMO_PRODUCTS (12) set its token, credentials and demo data

Settings (a flag wins over the environment and .env; a token is better given as CONFORMANCE_TOKEN than
as a flag, which other users of the machine may see in the process list):
${settings.join('\n')}

Run:
  --strict                       a failed SHOULD rule fails the run too (exit code 1)
  --rule <ID>                    run only the checks of this rule (repeatable; with --area: either)
  --area <name>                  run only the rules of this area (repeatable): ${AREAS.join(', ')}
  --shard <i>/<n>                run the i-th of n shares of the suite files (then merge the report dirs)
  --strict-baseline              a stale baseline entry (its rule now passes) fails the run (exit code 1)
  --rerun-failed <report>        run only the rules that failed or were not evaluated in a previous
                                 conformance.json (or its report directory)
  -h, --help                     show this help

Baseline (--baseline <file>, CONFORMANCE_BASELINE; format: schemas/cli/baseline.schema.json):
  { "entries": [ { "rule": "<ID>", "reason": "<why>", "until": "<YYYY-MM-DD>" },
                 { "rule": "<ID>", "unsupported": "<capability the target does not offer>" } ] }
  A listed failure is reported as known and does not fail the run; an entry past its until date no longer
  counts; an entry whose rule passes is stale.

Exit codes:
  0  no MUST rule failed outside the baseline (--strict: nor a SHOULD rule), and every MUST rule of the
     selection was evaluated (or is marked unsupported in the baseline, or excluded by the configuration:
     filters, shards, read-only mode)
  1  a MUST rule failed outside the baseline (--strict: or a SHOULD rule; --strict-baseline: or an entry
     is stale); wins over 2 for an incomplete run
  2  incomplete: a MUST rule of the selection was skipped (a set-up failed), not evaluated or never checked;
     or a bad command line or setting (a baseline naming an unknown rule), target unreachable or token
     refused (preflight), or an engine error; or the run was stopped (deadline, circuit breaker,
     SIGINT / SIGTERM): its reports hold what it judged before, marked stopped
`;
}
