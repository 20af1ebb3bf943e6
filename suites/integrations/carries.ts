/**
 * INT-GET's "carries the values it was created with" (§2.2, §4.2): the fields of a create request that a
 * read must give back unchanged.
 */
import type { CheckContext } from '../../helpers/check/context.ts';
import type { ApiResponse } from '../../helpers/http/response.ts';
import { isObject } from '../../helpers/http/response.ts';

/** The fields of an integration create request's `data` that the read is compared with. */
export interface SentIntegration {
  readonly integration_type: unknown;
  readonly name: unknown;
  readonly description: unknown;
  readonly enabled: unknown;
  readonly observes: unknown;
  readonly configuration: { readonly url: unknown };
}

/** The read's `data` carries the created values: type, name, description, enabled, observes, configuration.url. */
export function expectCarries(
  t: CheckContext,
  { data, sent, response }: { data: Record<string, unknown>; sent: SentIntegration; response: ApiResponse },
): void {
  for (const field of ['integration_type', 'name', 'description', 'enabled', 'observes'] as const) {
    t.expectEqual(data[field], sent[field], `data.${field}`, response);
  }
  const configuration = isObject(data.configuration) ? data.configuration : {};
  t.expectEqual(configuration.url, sent.configuration.url, 'data.configuration.url', response);
}
