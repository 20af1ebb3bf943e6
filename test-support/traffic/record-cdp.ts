/**
 * Records HAR the way browsertime and sitespeed.io do: the DevTools protocol's `Network.*` and `Page.*` events
 * of a Chromium page (playwright-core's CDP session), each answer's body fetched with `Network.getResponseBody`
 * and set on its `responseReceived` event, then turned into HAR by `chrome-har`'s `harFromMessages`. What that
 * gives is what such tools write: request headers repeated (the page's and the wire's), JSON request bodies as
 * `postData.params` without `text`.
 */
import { harFromMessages } from 'chrome-har';
import type { Page } from 'playwright-core';

/** The events chrome-har reads (as browsertime collects them). */
const EVENTS = [
  'Page.frameStartedLoading',
  'Page.frameRequestedNavigation',
  'Page.navigatedWithinDocument',
  'Page.frameAttached',
  'Page.domContentEventFired',
  'Page.loadEventFired',
  'Network.requestWillBeSent',
  'Network.requestWillBeSentExtraInfo',
  'Network.requestServedFromCache',
  'Network.responseReceived',
  'Network.responseReceivedExtraInfo',
  'Network.dataReceived',
  'Network.resourceChangedPriority',
  'Network.loadingFinished',
  'Network.loadingFailed',
] as const;

interface Message {
  readonly method: string;
  readonly params: Record<string, unknown>;
}

/** Starts recording the page's traffic; `har()` gives the HAR document of what it recorded so far. */
export async function recordWithChromeHar(page: Page): Promise<{ har: () => Promise<string> }> {
  const session = await page.context().newCDPSession(page);
  const messages: Message[] = [];
  const bodies: Promise<void>[] = [];
  const answers = new Map<string, { response: Record<string, unknown> }>();
  for (const method of EVENTS) {
    session.on(method as 'Network.responseReceived', (params: unknown) => {
      const p = params as Record<string, unknown>;
      messages.push({ method, params: p });
      const requestId = p.requestId as string;
      if (method === 'Network.responseReceived') {
        answers.set(requestId, p as unknown as { response: Record<string, unknown> });
      } else if (method === 'Network.loadingFinished') {
        const answer = answers.get(requestId);
        if (!answer) return;
        bodies.push(
          session.send('Network.getResponseBody', { requestId }).then(
            ({ body, base64Encoded }) => {
              answer.response.body = body;
              if (base64Encoded) answer.response.encoding = 'base64';
            },
            () => {
              // No body kept for this resource (a redirect, a preflight): the HAR holds none.
            },
          ),
        );
      }
    });
  }
  await session.send('Page.enable');
  await session.send('Network.enable');
  return {
    har: async () => {
      await Promise.all(bodies);
      return JSON.stringify(harFromMessages(messages, { includeTextFromResponseBody: true }));
    },
  };
}
