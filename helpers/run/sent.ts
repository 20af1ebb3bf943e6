import type { SentRequest } from '../http/client.ts';

/**
 * The requests one suite file sent with the run's token and that were answered 2xx (issue 10: "every request
 * the suite sends, as sent, replayed without a token"). The run's client reports every request
 * (`ClientOptions.onSent`); a suite file starts its own journal when it starts running (`suiteRun()`, in
 * `beforeAll`), and the authentication area's replay (`suites/authentication/recorded.ts`) reads it once
 * the file's other checks are done. A worker thread runs one suite file at a time, so the thread's journal
 * holds that file's requests only. Kept in memory, never written anywhere: the requests are not redacted.
 */
export class SentJournal {
  #entries: SentRequest[] = [];

  /** Forgets what an earlier suite file of the thread sent. */
  begin(): void {
    this.#entries = [];
  }

  /** Notes a request, if it carried the run's token and was answered 2xx. */
  note(sent: SentRequest): void {
    if ((sent.options.auth ?? 'token') !== 'token') return;
    if (sent.status < 200 || sent.status > 299) return;
    this.#entries.push(sent);
  }

  /** The requests noted since {@link begin}, in the order they were answered. */
  entries(): readonly SentRequest[] {
    return [...this.#entries];
  }
}

/** The journal of this worker thread. */
export const sentJournal = new SentJournal();
