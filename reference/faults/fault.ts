import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RuleId } from '../../rules/catalogue.ts';
import type { ReferenceContext } from '../context.ts';
import { type Json, type Route, rewriteResponse } from './hooks.ts';

/**
 * Other rules a fault is expected to fail beside its own, each with a one-line reason a reader accepts
 * (structural: an unwrapped envelope breaks every rule that reads it). The fault matrix requires the failed
 * rules of a faulted run to be exactly the fault's rule and these.
 */
export type Collateral = Readonly<Partial<Record<RuleId, string>>>;

/** The depth profiles of the suite (`--depth gate|deep`) that a fault can be declared for. */
export type FaultProfile = 'gate' | 'deep';

/**
 * A named fault: a small, deliberate deviation from the specification that breaks one rule of the catalogue
 * (`npm run reference -- --fault NAME`, or the `faults` option). Faults prove that the suite catches each rule
 * (else a blind spot) and blames that rule only (a rule failing beside it that is not declared collateral is
 * an imprecise verdict). They act at the edges of the server (fastify hooks that rewrite a request or a
 * response), so the server's own code has no special cases for them.
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
   * The depth profile of the suite that must catch the fault; absent: `gate`. A `deep` fault is wrong only
   * where generated exploration reaches (some page limits, offsets near the listing's total, long or
   * non-ASCII strings, another order's transaction, …): the gate profile is not expected to catch it, the
   * deep profile is (`reference/faults/depth/`).
   */
  readonly profile?: FaultProfile;
  /** Adds the fault's hooks to the app. Runs before the server's own hooks and routes are added. */
  readonly install: (app: FastifyInstance, ctx: ReferenceContext) => void;
}

/** What every fault declares about itself, whatever it does: the fields of {@link Fault} but `install`. */
export type FaultInfo = Omit<Fault, 'install'>;

/** A body edit: change `body` in place and return nothing, or return a replacement. */
export type BodyEdit = (body: Json, request: FastifyRequest) => Json | undefined;

/** A fault that edits the JSON body of the successful answers of `routes` (most faults are one of these). */
export function responseFault({
  routes,
  edit,
  ...info
}: FaultInfo & { readonly routes: readonly Route[]; readonly edit: BodyEdit }): Fault {
  return { ...info, install: (app) => rewriteResponse(app, routes, edit) };
}

/** The rules a fault is expected to fail: its own, then its declared collateral. */
export function expectedFailures(fault: FaultInfo): RuleId[] {
  return [fault.rule, ...(Object.keys(fault.collateral ?? {}) as RuleId[])];
}
