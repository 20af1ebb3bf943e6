import type { Fault } from '../fault.ts';
import { DEPTH_AUTHENTICATION_FAULTS } from './authentication.ts';
import { DEPTH_HTTP_FAULTS } from './http.ts';
import { DEPTH_INCLUDE_FAULTS } from './includes.ts';
import { DEPTH_INTEGRATION_FAULTS } from './integrations.ts';
import { DEPTH_PAGINATION_FAULTS } from './pagination.ts';
import { DEPTH_TRANSACTION_FAULTS } from './transactions.ts';

/** The depth faults, by area: each wrong only at inputs hand-picked checks do not send. */
export const DEPTH_FAULTS: readonly Fault[] = [
  ...DEPTH_HTTP_FAULTS,
  ...DEPTH_TRANSACTION_FAULTS,
  ...DEPTH_INTEGRATION_FAULTS,
  ...DEPTH_PAGINATION_FAULTS,
  ...DEPTH_INCLUDE_FAULTS,
  ...DEPTH_AUTHENTICATION_FAULTS,
];
