import type { FastifyInstance } from 'fastify';
import type { ReferenceContext } from '../context.ts';
import type { VariantOptions } from '../options.ts';

/** A conformant variant: another choice where the specification leaves room (the suite must accept it). */
export interface Variant {
  readonly name: string;
  /** What the variant does, and which sentence of the specification allows it. */
  readonly description: string;
  /** Options it sets (for choices that live inside the server, such as the list order). */
  readonly options?: VariantOptions;
  readonly install?: (app: FastifyInstance, ctx: ReferenceContext) => void;
}

/** A variant as a table row: name, description, install. */
export const variant = (name: string, description: string, install: Variant['install']): Variant => ({
  name,
  description,
  install,
});
