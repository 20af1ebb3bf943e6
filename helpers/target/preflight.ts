import type { Credentials } from '../config/config.ts';
import type { ApiClient } from '../http/client.ts';
import { TransportError } from '../http/errors.ts';
import { type Journal, sending } from '../http/journal.ts';
import { clientOf } from '../run/session.ts';

/** The target cannot be tested at all: one clear message instead of a flood of failing checks. */
export class PreflightError extends Error {
  override readonly name = 'PreflightError';
}

export interface TargetAccess {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly journal?: Journal | undefined;
  readonly retries: number;
}

function clientWith(target: TargetAccess, token: string, secrets: readonly string[] = []): ApiClient {
  return clientOf({ ...target, token, secrets }, target.journal ? { journal: target.journal } : {});
}

/** Connects to a target by base URL: its token and the secrets to keep out of evidence, after preflight. */
export async function connect(
  target: TargetAccess,
  credentials: Credentials,
): Promise<{ token: string; secrets: string[] }> {
  if (credentials.kind === 'embedded')
    throw new Error('unreachable: loadConfig refuses a base URL without credentials');
  const token =
    credentials.kind === 'token'
      ? credentials.token
      : await exchangeClientCredentials(target, credentials.clientId, credentials.clientSecret);
  await preflight(target, token);
  return { token, secrets: credentials.kind === 'client' ? [credentials.clientSecret] : [] };
}

/** Exchanges client credentials for a token at `POST /oauth/access_token` (provisioning.md, "Token"). */
async function exchangeClientCredentials(
  target: TargetAccess,
  clientId: string,
  clientSecret: string,
): Promise<string> {
  const api = clientWith(target, '', [clientSecret]);
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: clientId,
    client_secret: clientSecret,
  });
  let res: Awaited<ReturnType<ApiClient['post']>>;
  try {
    res = await sending(
      { source: { kind: 'provisioning', name: 'the token for the client credentials' } },
      () =>
        api.post('/oauth/access_token', {
          auth: 'none',
          raw: form.toString(),
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        }),
    );
  } catch (error) {
    throw unreachable(target, error);
  }
  const token = (res.json as { access_token?: unknown } | undefined)?.access_token;
  if (!res.ok || typeof token !== 'string' || token === '') {
    throw new PreflightError(
      `The target refused the client credentials (CONFORMANCE_CLIENT_ID / CONFORMANCE_CLIENT_SECRET): POST ${target.baseUrl}/oauth/access_token answered ${res.status}${res.ok ? ' without an access_token' : ''}`,
    );
  }
  return token;
}

/** Checks, with one request, that the target answers as this API and accepts the token. */
export async function preflight(target: TargetAccess, token: string): Promise<void> {
  const api = clientWith(target, token);
  const path = '/v2/categories?page[limit]=1';
  let res: Awaited<ReturnType<ApiClient['get']>>;
  try {
    res = await sending({ source: { kind: 'provisioning', name: 'preflight' } }, () => api.get(path));
  } catch (error) {
    throw unreachable(target, error);
  }
  if (res.status === 401 || res.status === 403) {
    throw new PreflightError(
      `The target rejected the token: GET ${target.baseUrl}${path} answered ${res.status}. Check CONFORMANCE_TOKEN (or the client credentials).`,
    );
  }
  if (res.status === 404 || (res.ok && res.json === undefined)) {
    throw new PreflightError(
      `${target.baseUrl} does not look like the Commerce Service API: GET ${path} answered ${res.status}${res.ok ? ' without a JSON body' : ''}. CONFORMANCE_BASE_URL must be the part of the URL before /v2.`,
    );
  }
}

function unreachable(target: TargetAccess, error: unknown): PreflightError {
  const reason = error instanceof TransportError ? error.message : String(error);
  return new PreflightError(`Cannot reach the target ${target.baseUrl} (CONFORMANCE_BASE_URL): ${reason}`);
}
