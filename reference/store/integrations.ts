import type { IntegrationRecord } from './records.ts';
import type { Store } from './store.ts';

/** What a client gives to create a webhook integration (provisioning.md §Integrations). */
export type NewIntegration = Omit<IntegrationRecord, 'id' | 'createdAt' | 'updatedAt'>;

export function createIntegration(store: Store, input: NewIntegration): IntegrationRecord {
  const now = store.now();
  return store.integrations.add({
    id: store.newId(),
    integrationType: input.integrationType,
    name: input.name,
    description: input.description,
    enabled: input.enabled,
    observes: [...input.observes],
    url: input.url,
    createdAt: now,
    updatedAt: now,
  });
}

/** Deletes the integration with this id. @throws ApiError NOT_FOUND */
export function deleteIntegration(store: Store, id: string): IntegrationRecord {
  const integration = store.integrations.require(id, 'integration');
  store.integrations.delete(id);
  return integration;
}
