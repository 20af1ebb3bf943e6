/** A session: a journal wired to the knowledge and the judging; and the one way to make a client. */
import { ApiClient, type ClientOptions } from '../http/client.ts';
import { Journal } from '../http/journal.ts';
import { Coverage, type Dimension } from '../inputs/coverage.ts';
import type { JudgingContext } from '../judge/judgement.ts';
import { type ExchangeRule, Judging } from '../judge/judging.ts';
import { Knowledge } from '../judge/knowledge.ts';
import type { Settings } from './settings.ts';

export type Session = Readonly<ReturnType<typeof openSession>>;

interface SessionOptions {
  /** The knowledge's clock; default the journal's. */
  readonly clock?: () => number;
  /** Default true; traffic: false. */
  readonly soleClient?: boolean;
  /** Whether the journal keeps the exchanges (default true). */
  readonly keep?: boolean;
  readonly dimensions?: readonly Dimension[];
}

/** Opens a session that judges by the `rules` the settings select. */
export function openSession(
  settings: JudgingContext['settings'],
  rules: readonly ExchangeRule[],
  options: SessionOptions = {},
) {
  const journal = new Journal(options);
  const known = new Knowledge(options.clock ?? (() => journal.now()), options.soleClient);
  const selected = rules.filter((r) => settings.rules.includes(r.id));
  const judging = new Judging(selected, { known, settings });
  const coverage = new Coverage(options.dimensions ?? []);
  journal.listen((x) => {
    judging.judge(x);
    known.learn(x);
    coverage.see(x);
  });
  return { settings, journal, known, judging, coverage };
}

/** A client of the target the settings name, with `options` over them. */
export const clientOf = (
  settings: Pick<Settings, 'baseUrl' | 'token' | 'timeoutMs' | 'retries' | 'secrets'>,
  options: Partial<ClientOptions> = {},
): ApiClient => new ApiClient({ ...settings, retry: { retries: settings.retries }, ...options });
