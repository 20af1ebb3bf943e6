/** Integrations (§2.2, §4.2, §6): reading and deleting a webhook subscription. */
import { integrationProbes } from '../probes/integrations.ts';
import { areaSuite } from './area-suite.ts';

areaSuite('integrations', integrationProbes);
