/** Every setting the suite reads from the environment (or `.env`); `.env.example` follows this table. */
import { DEFAULT_REQUEST_BUDGET } from '../inputs/profile.ts';
import { DEFAULT_PAGE_LENGTH } from '../limits.ts';

/** Each setting's one line for `.env.example` and `--help`, in their order. */
const DESCRIPTIONS = {
  CONFORMANCE_BASE_URL:
    'The target: the part of the URL before /v2, e.g. https://staging.example.com. Unset: test the embedded reference server.',
  CONFORMANCE_TOKEN: 'Bearer token for the target. Never printed or written to a report.',
  CONFORMANCE_CLIENT_ID:
    'Instead of a token: client id exchanged for a token at POST /oauth/access_token (with CONFORMANCE_CLIENT_SECRET).',
  CONFORMANCE_CLIENT_SECRET:
    'Client secret that goes with CONFORMANCE_CLIENT_ID. Never printed or written to a report.',
  CONFORMANCE_REPORT_DIR: 'Where reports are written.',
  CONFORMANCE_HISTORY_SIZE:
    'How many runs history.json in the report directory keeps (1 to 1000): the per-rule strip of statuses and the flaky rules come from it.',
  CONFORMANCE_BASELINE:
    'A baseline file of expected failures (JSON, schemas/cli/baseline.schema.json): its failures are reported as known and do not fail the run.',
  CONFORMANCE_LABEL:
    'The name of the target in reports (and matrices of several targets). Unset: the base URL, or "embedded reference".',
  CONFORMANCE_TIMEOUT_MS: 'Timeout of one request, in milliseconds.',
  CONFORMANCE_CONCURRENCY: 'How many checks of one suite file run at the same time (1 to 64).',
  CONFORMANCE_WORKERS:
    'How many suite files run at the same time, each in a worker thread (1 to 16). Unset: 1 against the embedded reference server (a local run is CPU-bound, one thread costs least), 6 (all of them) against a base URL (round trips take the time).',
  CONFORMANCE_RETRIES:
    'Retries of a request after a transport error, or a 429 / 503 with Retry-After (0 to 10), with exponential backoff. POST is retried only when it never reached the target.',
  CONFORMANCE_DEADLINE_MS:
    'Deadline of the whole run, in milliseconds: past it the run is cancelled, cleaned up, and ends with exit code 2.',
  CONFORMANCE_PAYMENT_TOKEN:
    'Payment method token sent to the card_payment_intents gateway (purchase and confirm).',
  CONFORMANCE_DEFAULT_PAGE_LIMIT:
    "The target's default page length (§8): 100 unless the target changed it project-wide. Pages asked without page[limit] must use it.",
  CONFORMANCE_DEPTH:
    'gate: the checks plus deterministic boundary values (CI gates, about 300 requests). deep: gate plus generated inputs within CONFORMANCE_REQUEST_BUDGET (nightly runs, new implementations).',
  CONFORMANCE_SEED:
    'Seed of the generated inputs of the deep profile (0 to 2147483647). Unset: a random one, printed at the start and stored in the reports; the same seed against the same target state sends the same inputs (past the share of a row, as many more as the rows that ended before it left).',
  CONFORMANCE_REQUEST_BUDGET:
    'Most requests the run sends, retries included (the final cleanup excepted): the gate needs up to 300 and comes first; the deep profile generates inputs within the rest, shared across the rule families by a fixed table. Below 300: refused at start.',
  CONFORMANCE_READ_ONLY:
    '1: send no write request; run only the checks that change nothing, on the ids below. 0: create (and remove) test data.',
  CONFORMANCE_CATEGORY_ID: 'Read-only mode: id of an existing category that has products.',
  CONFORMANCE_EMPTY_CATEGORY_ID: 'Read-only mode: id of an existing category without products.',
  CONFORMANCE_ORDER_ID: 'Read-only mode: id of an existing order that has transactions.',
  CONFORMANCE_INTEGRATION_ID: 'Read-only mode: id of an existing integration.',
};

export type SettingName = keyof typeof DESCRIPTIONS;

/** The value used when a setting is unset, as written in `.env`. */
export const DEFAULTS: Partial<Record<SettingName, string>> = {
  CONFORMANCE_REPORT_DIR: 'reports',
  CONFORMANCE_HISTORY_SIZE: '30',
  CONFORMANCE_TIMEOUT_MS: '10000',
  CONFORMANCE_CONCURRENCY: '16',
  CONFORMANCE_RETRIES: '3',
  CONFORMANCE_DEADLINE_MS: '600000',
  CONFORMANCE_PAYMENT_TOKEN: 'pm_card_visa',
  CONFORMANCE_DEFAULT_PAGE_LIMIT: String(DEFAULT_PAGE_LENGTH),
  CONFORMANCE_DEPTH: 'gate',
  CONFORMANCE_REQUEST_BUDGET: String(DEFAULT_REQUEST_BUDGET),
  CONFORMANCE_READ_ONLY: '0',
};

export const SETTINGS = Object.entries(DESCRIPTIONS).map(([key, description]) => {
  const name = key as SettingName;
  const value = DEFAULTS[name];
  return { name, description, ...(value === undefined ? {} : { default: value }) };
});
