/** The rules of the HTTP basics (§1, §2, §7): all exchange rules. */
import type { RuleDeclaration } from '../../helpers/judge/rule.ts';
import envList from './env-list.ts';
import envSingle from './env-single.ts';
import envType from './env-type.ts';
import httpJson from './http-json.ts';
import httpNo5xx from './http-no-5xx.ts';

export const HTTP_RULES: readonly RuleDeclaration[] = [envSingle, envList, envType, httpJson, httpNo5xx];
