/**
 * Every rule of the catalogue as declared in its own file, `rules/<area>/<id in lower case>.ts`: from a rule
 * ID to the file that decides it by the ID alone (`rules.test.ts` holds the two in step).
 */
import type { RuleDeclaration } from '../helpers/judge/rule.ts';
import authInvalid from './authentication/auth-invalid.ts';
import authRequired from './authentication/auth-required.ts';
import envList from './http/env-list.ts';
import envSingle from './http/env-single.ts';
import envType from './http/env-type.ts';
import httpJson from './http/http-json.ts';
import httpNo5xx from './http/http-no-5xx.ts';
import intDelete from './integrations/int-delete.ts';
import intDeleteGone from './integrations/int-delete-gone.ts';
import intGet from './integrations/int-get.ts';
import intNotFound from './integrations/int-not-found.ts';
import intObserves from './integrations/int-observes.ts';
import intSchema from './integrations/int-schema.ts';
import intSelfLink from './integrations/int-self-link.ts';
import intTimestampMs from './integrations/int-timestamp-ms.ts';

/** Every declared rule. */
export const RULE_DECLARATIONS: readonly RuleDeclaration<never>[] = [
  envSingle,
  envList,
  envType,
  httpJson,
  httpNo5xx,
  intSchema,
  intGet,
  intSelfLink,
  intObserves,
  intTimestampMs,
  intDelete,
  intDeleteGone,
  intNotFound,
  authRequired,
  authInvalid,
];

/** The file that declares a rule: `rules/<area>/<id in lower case>.ts`. */
export function ruleFile(rule: { readonly id: string; readonly area: string }): string {
  return `rules/${rule.area}/${rule.id.toLowerCase()}.ts`;
}
