/** Every setting the suite reads from the environment (or `.env`); `.env.example` follows this table. */
import { DEFAULT_REQUEST_BUDGET } from '../inputs/profile.ts';
import { DEFAULT_PAGE_LENGTH } from '../limits.ts';

export interface SettingSpec {
  readonly name: string;
  /** One line for `.env.example` and `--help`. */
  readonly description: string;
  /** The value used when the setting is unset, as written in `.env`. */
  readonly default?: string;
}

export const SETTINGS = [
  {
    name: 'CONFORMANCE_BASE_URL',
    description:
      'The target: the part of the URL before /v2, e.g. https://staging.example.com. Unset: test the embedded reference server.',
  },
  {
    name: 'CONFORMANCE_TOKEN',
    description: 'Bearer token for the target. Never printed or written to a report.',
  },
  {
    name: 'CONFORMANCE_CLIENT_ID',
    description:
      'Instead of a token: client id exchanged for a token at POST /oauth/access_token (with CONFORMANCE_CLIENT_SECRET).',
  },
  {
    name: 'CONFORMANCE_CLIENT_SECRET',
    description: 'Client secret that goes with CONFORMANCE_CLIENT_ID. Never printed or written to a report.',
  },
  { name: 'CONFORMANCE_REPORT_DIR', description: 'Where reports are written.', default: 'reports' },
  {
    name: 'CONFORMANCE_HISTORY_SIZE',
    description:
      'How many runs history.json in the report directory keeps (1 to 1000): the per-rule strip of statuses and the flaky rules come from it.',
    default: '30',
  },
  {
    name: 'CONFORMANCE_BASELINE',
    description:
      'A baseline file of expected failures (JSON, schemas/cli/baseline.schema.json): its failures are reported as known and do not fail the run.',
  },
  {
    name: 'CONFORMANCE_LABEL',
    description:
      'The name of the target in reports (and matrices of several targets). Unset: the base URL, or "embedded reference".',
  },
  {
    name: 'CONFORMANCE_TIMEOUT_MS',
    description: 'Timeout of one request, in milliseconds.',
    default: '10000',
  },
  {
    name: 'CONFORMANCE_CONCURRENCY',
    description: 'How many checks of one suite file run at the same time (1 to 64).',
    default: '16',
  },
  {
    name: 'CONFORMANCE_WORKERS',
    description:
      'How many suite files run at the same time, each in a worker thread (1 to 16). Unset: 1 against the embedded reference server (a local run is CPU-bound, one thread costs least), 6 (all of them) against a base URL (round trips take the time).',
  },
  {
    name: 'CONFORMANCE_RETRIES',
    description:
      'Retries of a request after a transport error, or a 429 / 503 with Retry-After (0 to 10), with exponential backoff. POST is retried only when it never reached the target.',
    default: '3',
  },
  {
    name: 'CONFORMANCE_DEADLINE_MS',
    description:
      'Deadline of the whole run, in milliseconds: past it the run is cancelled, cleaned up, and ends with exit code 2.',
    default: '600000',
  },
  {
    name: 'CONFORMANCE_PAYMENT_TOKEN',
    description: 'Payment method token sent to the card_payment_intents gateway (purchase and confirm).',
    default: 'pm_card_visa',
  },
  {
    name: 'CONFORMANCE_DEFAULT_PAGE_LIMIT',
    description:
      "The target's default page length (§8): 100 unless the target changed it project-wide. Pages asked without page[limit] must use it.",
    default: String(DEFAULT_PAGE_LENGTH),
  },
  {
    name: 'CONFORMANCE_DEPTH',
    description:
      'gate: the checks plus deterministic boundary values (CI gates, about 300 requests). deep: gate plus generated inputs within CONFORMANCE_REQUEST_BUDGET (nightly runs, new implementations).',
    default: 'gate',
  },
  {
    name: 'CONFORMANCE_SEED',
    description:
      'Seed of the generated inputs of the deep profile (0 to 2147483647). Unset: a random one, printed at the start and stored in the reports; the same seed against the same target state sends the same inputs (past the share of a row, as many more as the rows that ended before it left).',
  },
  {
    name: 'CONFORMANCE_REQUEST_BUDGET',
    description:
      'Most requests the run sends, retries included (the final cleanup excepted): the gate needs up to 300 and comes first; the deep profile generates inputs within the rest, shared across the rule families by a fixed table. Below 300: refused at start.',
    default: String(DEFAULT_REQUEST_BUDGET),
  },
  {
    name: 'CONFORMANCE_READ_ONLY',
    description:
      '1: send no write request; run only the checks that change nothing, on the ids below. 0: create (and remove) test data.',
    default: '0',
  },
  {
    name: 'CONFORMANCE_CATEGORY_ID',
    description: 'Read-only mode: id of an existing category that has products.',
  },
  {
    name: 'CONFORMANCE_EMPTY_CATEGORY_ID',
    description: 'Read-only mode: id of an existing category without products.',
  },
  {
    name: 'CONFORMANCE_ORDER_ID',
    description: 'Read-only mode: id of an existing order that has transactions.',
  },
  {
    name: 'CONFORMANCE_INTEGRATION_ID',
    description: 'Read-only mode: id of an existing integration.',
  },
] as const satisfies readonly SettingSpec[];

export type SettingName = (typeof SETTINGS)[number]['name'];
