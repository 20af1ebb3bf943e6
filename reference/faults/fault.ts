import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReferenceContext } from '../context.ts';
import { type Json, type Route, rewriteResponse } from './hooks.ts';

/**
 * A named fault: a small, deliberate deviation from the specification that breaks one rule of the catalogue,
 * switched on with `npm run reference -- --fault NAME` or the `faults` option. Faults prove that the
 * conformance suite catches each rule (a fault whose rule does not fail is a blind spot of the suite).
 *
 * Faults act at the edges of the server (fastify hooks that rewrite a request or a response), so the
 * server's own code has no special cases for them.
 */
export interface Fault {
  /** Stable name, kebab-case. */
  readonly name: string;
  /** The rule ID of the catalogue that this fault breaks. */
  readonly rule: string;
  /** What the fault does, in one sentence. */
  readonly description: string;
  /** Adds the fault's hooks to the app. Runs before the server's own hooks and routes are added. */
  readonly install: (app: FastifyInstance, ctx: ReferenceContext) => void;
}

/** A fault that edits the JSON body of the successful answers of `routes` (most faults are one of these). */
export function responseFault(
  name: string,
  rule: string,
  description: string,
  routes: Route[],
  edit: (body: Json, request: FastifyRequest) => Json | undefined,
): Fault {
  return { name, rule, description, install: (app) => rewriteResponse(app, routes, edit) };
}
