import { visibilityKey, type Visibility } from "../auth/visibility";
import { etagOf } from "../data/preconditions";
import { etagOver } from "./conditional-get";

/**
 * DESIGN §3: a resolved read (one server for an environment, a blueprint, validate) depends on more than the
 * entity's revision — every server, capability and variable it was resolved from, the environment, what the
 * caller may see — so its tag is weak, `W/"<revision>-<hash>"`, the hash over the caller's visibility and the
 * bytes those inputs became. Any change of an input that changes the answer changes the tag.
 */
export function resolvedEtag(revision: number, visibility: Visibility, text: string): string {
  return `W/"${revision}-${etagOver([visibilityKey(visibility), text]).slice(1, -1)}"`;
}

/**
 * One entity as stored: `"<revision>"` to those who see it whole; a masked copy (literal secrets hidden
 * below admin) has a tag of its own, so no cache confuses the two. If-Match accepts either.
 */
export function storedEtag(revision: number, visibility: Visibility): string {
  return visibility.canReadStoredSecrets ? etagOf(revision) : `W/"${revision}-masked"`;
}

/** A list page: the same for every caller (summaries carry no secrets), named by its bytes. */
export function listEtag(text: string): string {
  return etagOver(["list", text]);
}
