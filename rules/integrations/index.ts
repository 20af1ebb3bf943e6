/** The rules of the integrations area (§2.2, §4.2, §6): all exchange rules. */
import type { RuleDeclaration } from '../../helpers/judge/rule.ts';
import intDelete from './int-delete.ts';
import intDeleteGone from './int-delete-gone.ts';
import intGet from './int-get.ts';
import intNotFound from './int-not-found.ts';
import intObserves from './int-observes.ts';
import intSchema from './int-schema.ts';
import intSelfLink from './int-self-link.ts';
import intTimestampMs from './int-timestamp-ms.ts';

export const INTEGRATION_RULES: readonly RuleDeclaration[] = [
  intSchema,
  intGet,
  intSelfLink,
  intObserves,
  intTimestampMs,
  intDelete,
  intDeleteGone,
  intNotFound,
];
