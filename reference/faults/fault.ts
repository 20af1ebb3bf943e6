import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RuleId } from '../../rules/catalogue.ts';
import type { ReferenceContext } from '../context.ts';
import { type Json, type Route, rewriteResponse } from './hooks.ts';

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
  readonly install: (app: FastifyInstance, ctx: ReferenceContext) => void;
}

/** What every fault declares about itself, whatever it does: the fields of {@link Fault} but `install`. */
export type FaultInfo = Omit<Fault, 'install'>;

/** A body edit: change `body` in place and return nothing, or return a replacement. */
export type BodyEdit = (body: Json, request: FastifyRequest) => Json | undefined;

/** A fault that edits the JSON body of the successful answers of `routes`. */
export function responseFault({
  routes,
  edit,
  ...info
}: FaultInfo & { readonly routes: readonly Route[]; readonly edit: BodyEdit }): Fault {
  return { ...info, install: (app) => rewriteResponse(app, routes, edit) };
}

/** The constructor of a fault as a table row, declared for `profile` (absent: no declared profile). */
export const faultOf =
  (profile?: FaultProfile) =>
  (name: string, rule: RuleId, description: string, install: Fault['install']): Fault =>
    profile ? { name, rule, profile, description, install } : { name, rule, description, install };

/** A fault as a table row: name, rule, description, install. */
export const fault = faultOf();
export const gateFault = faultOf('gate');
export const deepFault = faultOf('deep');

/** The constructor of faults (as table rows) that edit the successful answers of `routes`. */
export const editing =
  (routes: readonly Route[], profile?: FaultProfile) =>
  (name: string, rule: RuleId, description: string, edit: BodyEdit): Fault =>
    faultOf(profile)(name, rule, description, (app) => rewriteResponse(app, routes, edit));

/** The rules a fault is expected to fail: its own, then its declared collateral. */
export function expectedFailures(fault: FaultInfo): RuleId[] {
  return [fault.rule, ...(Object.keys(fault.collateral ?? {}) as RuleId[])];
}
