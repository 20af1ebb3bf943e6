import type { FastifyInstance } from 'fastify';
import type { ReferenceContext } from '../context.ts';
import { AUTHENTICATION_FAULTS } from './authentication.ts';
import type { Fault } from './fault.ts';
import { HTTP_FAULTS } from './http.ts';
import { INTEGRATION_FAULTS } from './integrations.ts';
import { TRANSACTION_FAULTS } from './transactions.ts';

/** Every fault, by area; `npm run reference -- --list-faults` prints them as `name RULE-ID`. */
export const FAULTS: readonly Fault[] = [
  ...HTTP_FAULTS,
  ...TRANSACTION_FAULTS,
  ...INTEGRATION_FAULTS,
  ...AUTHENTICATION_FAULTS,
];

const byName = new Map(FAULTS.map((fault) => [fault.name, fault]));

/** The fault with this name, or undefined. */
export function findFault(name: string): Fault | undefined {
  return byName.get(name);
}

/** One line per fault: its name, a space, the rule ID it breaks. */
export function listFaults(): string {
  return FAULTS.map((fault) => `${fault.name} ${fault.rule}`).join('\n');
}

/** Installs the hooks of the faults switched on for this server (names were checked by resolveOptions). */
export function installFaults(app: FastifyInstance, ctx: ReferenceContext): void {
  for (const name of ctx.faults) findFault(name)?.install(app, ctx);
}
