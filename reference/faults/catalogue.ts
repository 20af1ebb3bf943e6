import type { FastifyInstance } from 'fastify';
import type { ReferenceContext } from '../context.ts';
import type { OptionCatalogue } from '../options.ts';
import { AUTHENTICATION_FAULTS } from './authentication.ts';
import { BLIND_FAULTS } from './blind.ts';
import { DEPTH_AUTHENTICATION_FAULTS } from './depth/authentication.ts';
import { DEPTH_HTTP_FAULTS } from './depth/http.ts';
import { DEPTH_INCLUDE_FAULTS } from './depth/includes.ts';
import { DEPTH_INTEGRATION_FAULTS } from './depth/integrations.ts';
import { DEPTH_PAGINATION_FAULTS } from './depth/pagination.ts';
import { DEPTH_TRANSACTION_FAULTS } from './depth/transactions.ts';
import type { Fault, Variant } from './fault.ts';
import { HTTP_FAULTS } from './http.ts';
import { INCLUDE_FAULTS } from './includes.ts';
import { INTEGRATION_FAULTS } from './integrations.ts';
import { METHOD_FAULTS } from './methods.ts';
import { PAGINATION_FAULTS } from './pagination.ts';
import { SEQUENCE_FAULTS } from './sequences.ts';
import { SHAPE_FAULTS } from './shapes.ts';
import { SPELLING_FAULTS } from './spellings.ts';
import { TRANSACTION_FAULTS } from './transactions.ts';
import { UNSEEN_FAULTS } from './unseen/faults.ts';
import { VARIANTS } from './variants.ts';

/** The depth faults (`depth/`), by area: each wrong only at inputs hand-picked checks do not send. */
export const DEPTH_FAULTS: readonly Fault[] = [
  ...DEPTH_HTTP_FAULTS,
  ...DEPTH_TRANSACTION_FAULTS,
  ...DEPTH_INTEGRATION_FAULTS,
  ...DEPTH_PAGINATION_FAULTS,
  ...DEPTH_INCLUDE_FAULTS,
  ...DEPTH_AUTHENTICATION_FAULTS,
];

/** Every fault: by area, then the depth faults (`depth/`), then those of the space, then the first blind set. */
export const FAULTS: readonly Fault[] = [
  ...HTTP_FAULTS,
  ...TRANSACTION_FAULTS,
  ...INTEGRATION_FAULTS,
  ...PAGINATION_FAULTS,
  ...INCLUDE_FAULTS,
  ...AUTHENTICATION_FAULTS,
  ...DEPTH_FAULTS,
  ...SEQUENCE_FAULTS,
  ...SPELLING_FAULTS,
  ...METHOD_FAULTS,
  ...SHAPE_FAULTS,
  ...BLIND_FAULTS,
];

/** Every fault by name: those of {@link FAULTS} and the held-out ones (`unseen/`), switchable, not listed. */
const byName = new Map([...FAULTS, ...UNSEEN_FAULTS].map((fault) => [fault.name, fault]));

export const findFault = (name: string): Fault | undefined => byName.get(name);

/** One line per fault: its name, a space, the rule ID it breaks. */
export const listFaults = (): string => FAULTS.map((fault) => `${fault.name} ${fault.rule}`).join('\n');

const variantsByName = new Map(VARIANTS.map((variant) => [variant.name, variant]));

/** The conformant variant with this name, or undefined. */
export const findVariant = (name: string): Variant | undefined => variantsByName.get(name);

/** One line per conformant variant: its name, a space, what it does. */
export const listVariants = (): string =>
  VARIANTS.map((variant) => `${variant.name} ${variant.description}`).join('\n');

/** The lookups that `resolveOptions` checks fault and variant names with. */
export const OPTION_CATALOGUE: OptionCatalogue = {
  isFault: (name) => byName.has(name),
  variant: findVariant,
};

/** Installs the faults and variants switched on for this server (names checked by resolveOptions). */
export function installFaults(app: FastifyInstance, ctx: ReferenceContext): void {
  for (const name of ctx.options.faults) findFault(name)?.install(app, ctx);
  for (const name of ctx.options.variants) findVariant(name)?.install?.(app, ctx);
}
