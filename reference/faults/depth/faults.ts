import type { Fault } from '../fault.ts';
import { DEPTH_AUTHENTICATION_FAULTS } from './authentication.ts';
import { DEPTH_HTTP_FAULTS } from './http.ts';
import { DEPTH_INCLUDE_FAULTS } from './includes.ts';
import { DEPTH_INTEGRATION_FAULTS } from './integrations.ts';
import { DEPTH_PAGINATION_FAULTS } from './pagination.ts';
import { DEPTH_TRANSACTION_FAULTS } from './transactions.ts';

/**
 * The depth faults, by area: each is wrong only at inputs that today's hand-picked checks did not send (some
 * page limits, offsets near the total, another order's transaction, …). The deep profile must catch each
 * (`profile: 'deep'`); those that a deterministic boundary value of the gate profile catches reliably are
 * declared for the gate (`profile: 'gate'`), so the fault matrix runs them there.
 */
export const DEPTH_FAULTS: readonly Fault[] = [
  ...DEPTH_HTTP_FAULTS,
  ...DEPTH_TRANSACTION_FAULTS,
  ...DEPTH_INTEGRATION_FAULTS,
  ...DEPTH_PAGINATION_FAULTS,
  ...DEPTH_INCLUDE_FAULTS,
  ...DEPTH_AUTHENTICATION_FAULTS,
];
