/** The rules of the includes area (§2.3, §2.4, §4.3, §8): all exchange rules. */
import type { RuleDeclaration } from '../../helpers/judge/rule.ts';
import catSchema from './cat-schema.ts';
import incLimit from './inc-limit.ts';
import incLinkage from './inc-linkage.ts';
import incMulti from './inc-multi.ts';
import incNoneRelated from './inc-none-related.ts';
import incProducts from './inc-products.ts';
import incShape from './inc-shape.ts';
import incUnsupported from './inc-unsupported.ts';
import prdSchema from './prd-schema.ts';

export const INCLUDE_RULES: readonly RuleDeclaration[] = [
  incProducts,
  incShape,
  incNoneRelated,
  incUnsupported,
  incMulti,
  incLinkage,
  incLimit,
  catSchema,
  prdSchema,
];
