import type { RuleId } from '../../rules/catalogue.ts';
import type { VariantOptions } from '../options.ts';
import { eachItem, type Install, type Json, type Route, rewriteResponse } from './hooks.ts';

/** Other rules a fault is expected to fail beside its own, each with a one-line reason (for the matrix). */
export type Collateral = Readonly<Partial<Record<RuleId, string>>>;

/** The depth profiles of the suite (`--depth gate|deep`) that a fault can be declared for. */
export type FaultProfile = 'gate' | 'deep';

/**
 * A named fault: a small, deliberate deviation from the specification that breaks one rule of the catalogue
 * (`--fault NAME`). It acts at the edges of the server (fastify hooks), so the server has no special cases.
 */
export interface Fault {
  /** Stable name, kebab-case. */
  readonly name: string;
  /** The rule of the catalogue that this fault breaks. */
  readonly rule: RuleId;
  /** What the fault does, in one sentence. */
  readonly description: string;
  /** Other rules it is expected to fail, with the reason of each; absent: none. */
  readonly collateral?: Collateral;
  /**
   * The depth profile that must catch the fault; absent: `gate`. A `deep` fault is wrong only where generated
   * exploration reaches (`reference/faults/depth/`).
   */
  readonly profile?: FaultProfile;
  /** Adds the fault's hooks to the app. Runs before the server's own hooks and routes are added. */
  readonly install: Install;
}

/** The constructor of a fault as a table row, declared for `profile` (absent: no declared profile). */
export const faultOf =
  (profile?: FaultProfile) =>
  (name: string, rule: RuleId, description: string, install: Install, collateral?: Collateral): Fault => ({
    name,
    rule,
    description,
    install,
    ...(profile && { profile }),
    ...(collateral && { collateral }),
  });

/** A fault as a table row: name, rule, description, install and, when it has some, its collateral. */
export const fault = faultOf();
export const gateFault = faultOf('gate');
export const deepFault = faultOf('deep');

/**
 * The constructor of faults as table rows headed by their name and rule, then what they do and how:
 * `deepFaultRow('name', 'RULE')('What it does.', install, collateral?)`.
 */
export const rowOf =
  (profile?: FaultProfile) =>
  (name: string, rule: RuleId) =>
  (description: string, install: Install, collateral?: Collateral): Fault =>
    faultOf(profile)(name, rule, description, install, collateral);

/** A fault as a table row headed by its name and rule (see {@link rowOf}), of no declared profile or of one. */
export const faultRow = rowOf();
export const gateFaultRow = rowOf('gate');
export const deepFaultRow = rowOf('deep');

/** The constructor of faults as rows (see {@link rowOf}) that edit the successful answers of `routes`. */
export const editingRow =
  (routes: readonly Route[], profile?: FaultProfile) =>
  (name: string, rule: RuleId) =>
  (description: string, edit: Parameters<typeof rewriteResponse>[1], collateral?: Collateral): Fault =>
    faultOf(profile)(name, rule, description, rewriteResponse(routes, edit), collateral);

/** The constructor of faults as rows (see {@link rowOf}) that edit each `data` item of the answers of `routes`. */
export const eachEditingRow =
  (routes: readonly Route[], profile?: FaultProfile) =>
  (name: string, rule: RuleId) =>
  (description: string, edit: (item: Json) => void, collateral?: Collateral): Fault =>
    faultOf(profile)(name, rule, description, eachItem(routes, edit), collateral);

/** The constructor of faults (as table rows) that edit the successful answers of `routes`. */
export const editing =
  (routes: readonly Route[], profile?: FaultProfile) =>
  (name: string, rule: RuleId, description: string, edit: Parameters<typeof rewriteResponse>[1]): Fault =>
    faultOf(profile)(name, rule, description, rewriteResponse(routes, edit));

/** The constructor of faults that edit each `data` item of the answers of `routes`. */
export const eachEditing =
  (routes: readonly Route[]) =>
  (name: string, rule: RuleId, description: string, edit: (item: Json) => void, collateral?: Collateral) =>
    fault(name, rule, description, eachItem(routes, edit), collateral);

/** The rules a fault is expected to fail: its own, then its declared collateral. */
export function expectedFailures(fault: Fault): RuleId[] {
  return [fault.rule, ...(Object.keys(fault.collateral ?? {}) as RuleId[])];
}

/** A conformant variant: another choice where the specification leaves room (the suite must accept it). */
export interface Variant {
  readonly name: string;
  /** What the variant does, and which sentence of the specification allows it. */
  readonly description: string;
  /** Options it sets (for choices that live inside the server, such as the list order). */
  readonly options?: VariantOptions;
  readonly install?: Install;
}

/** A variant as a table row headed by its name: `variantRow('name')('What it does, and why.', install)`. */
export const variantRow = (name: string) => (description: string, install: Install) =>
  variant(name, description, install);

/** A variant as a table row: name, description, install. */
export const variant = (name: string, description: string, install: Install): Variant => ({
  name,
  description,
  install,
});
