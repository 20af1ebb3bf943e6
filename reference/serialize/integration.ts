import type { IntegrationRecord } from '../store/records.ts';
import { timestamps } from './timestamps.ts';

/** An integration resource (§2.2); `links.self` is absolute, built on the request's origin. */
export function serializeIntegration(integration: IntegrationRecord, origin: string) {
  return {
    id: integration.id,
    type: 'integration' as const,
    integration_type: integration.integrationType,
    name: integration.name,
    description: integration.description,
    enabled: integration.enabled,
    configuration: { url: integration.url },
    observes: [...integration.observes],
    links: { self: `${origin}/v2/integrations/${integration.id}` },
    meta: { timestamps: timestamps(integration) },
  };
}
