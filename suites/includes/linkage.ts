/**
 * INC-LINKAGE (§4.3) on one answer with an `included` section: every included entity is referenced by a
 * relationship of the primary data (same id, and the same type or the relationship named after its group),
 * and appears once within its array. Shared by the gate check and the depth checks of include spellings.
 */
import type { CheckContext } from '../../helpers/check/context.ts';
import { show } from '../../helpers/check/failure.ts';
import type { ApiResponse } from '../../helpers/http/response.ts';
import { duplicateIncluded, linkagesOf, unreferencedIncluded } from '../../helpers/listing/included.ts';

/** The first few entries of a list of included entities, as a failure shows them. */
function entities(list: readonly { key: string; index: number; type: unknown; id: unknown }[]): string {
  return list
    .slice(0, 5)
    .map((e) => `included.${e.key}[${e.index}] {type: ${show(e.type)}, id: ${show(e.id)}}`)
    .join(', ');
}

/**
 * Asserts INC-LINKAGE on `body` (the answer's JSON object, which has `included`).
 *
 * @param what - the request, as the assertion names it.
 */
export function expectLinkage(
  t: CheckContext,
  { body, response, what }: { body: Record<string, unknown>; response: ApiResponse; what: string },
): void {
  const unreferenced = unreferencedIncluded(body.data, body.included);
  t.assert(
    unreferenced.length === 0,
    `every entity of included (${what}) referenced by a relationship of data (same id, and the same type or the relationship named after the group)`,
    () => {
      const linkage = linkagesOf(body.data).map((l) => `${l.relationship}:${String(l.type)}:${String(l.id)}`);
      return `not referenced: ${entities(unreferenced)}; linkage of data: ${show(linkage)}`;
    },
    response,
  );
  const twice = duplicateIncluded(body.included);
  t.assert(
    twice.length === 0,
    `each entity once within its included array (${what})`,
    () => `repeated: ${entities(twice)}`,
    response,
  );
}
