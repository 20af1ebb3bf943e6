import type { Credentials } from '../config/config.ts';
import { type ApiClient, TransportError } from '../http/client.ts';
import { type Journal, sending } from '../http/journal.ts';
import type { ApiResponse } from '../http/response.ts';
import { clientOf } from '../run/session.ts';
import type { Settings } from '../run/settings.ts';

/** The target cannot be tested at all: one clear message instead of a flood of failing checks. */
export class PreflightError extends Error {
  override readonly name = 'PreflightError';
}

export type TargetAccess = Pick<Settings, 'baseUrl' | 'timeoutMs' | 'retries'> & { journal?: Journal };

/** Connects to a target by base URL: its token and the secrets to keep out of evidence, after preflight. */
export async function connect(target: TargetAccess, credentials: Credentials) {
  if (credentials.kind === 'embedded')
    throw new Error('unreachable: loadConfig refuses a base URL without credentials');
  const client = credentials.kind === 'client';
  const token = client ? await exchangeClient(target, credentials) : credentials.token;
  await preflight(target, token);
  return { token, secrets: client ? [credentials.clientSecret] : [] };
}

/** Exchanges client credentials for a token at `POST /oauth/access_token` (provisioning.md, "Token"). */
async function exchangeClient(target: TargetAccess, client: { clientId: string; clientSecret: string }) {
  const { clientId: client_id, clientSecret: client_secret } = client;
  const raw = new URLSearchParams({ grant_type: 'client_credentials', client_id, client_secret }).toString();
  const headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
  const send: Send = (api) => api.post('/oauth/access_token', { auth: 'none', raw, headers });
  const res = await ask(target, 'the token for the client credentials', '', [client_secret], send);
  const token = (res.json as { access_token?: unknown } | undefined)?.access_token;
  if (!res.ok || typeof token !== 'string' || token === '')
    throw new PreflightError(
      `The target refused the client credentials (CONFORMANCE_CLIENT_ID / CONFORMANCE_CLIENT_SECRET): POST ${target.baseUrl}/oauth/access_token answered ${res.status}${res.ok ? ' without an access_token' : ''}`,
    );
  return token;
}

/** Checks, with one request, that the target answers as this API and accepts the token. */
export async function preflight(target: TargetAccess, token: string): Promise<void> {
  const path = '/v2/categories?page[limit]=1';
  const res = await ask(target, 'preflight', token, [], (api) => api.get(path));
  if (res.status === 401 || res.status === 403)
    throw new PreflightError(
      `The target rejected the token: GET ${target.baseUrl}${path} answered ${res.status}. Check CONFORMANCE_TOKEN (or the client credentials).`,
    );
  if (res.status === 404 || (res.ok && res.json === undefined))
    throw new PreflightError(
      `${target.baseUrl} does not look like the Commerce Service API: GET ${path} answered ${res.status}${res.ok ? ' without a JSON body' : ''}. CONFORMANCE_BASE_URL must be the part of the URL before /v2.`,
    );
}

type Send = (api: ApiClient) => Promise<ApiResponse>;

/** Sends a request of the preflight with `token`; a target that does not answer is a {@link PreflightError}. */
async function ask(target: TargetAccess, name: string, token: string, secrets: string[], send: Send) {
  const api = clientOf({ ...target, token, secrets });
  try {
    return await sending({ source: { kind: 'provisioning', name } }, () => send(api));
  } catch (error) {
    const reason = error instanceof TransportError ? error.message : String(error);
    throw new PreflightError(`Cannot reach the target ${target.baseUrl} (CONFORMANCE_BASE_URL): ${reason}`);
  }
}
