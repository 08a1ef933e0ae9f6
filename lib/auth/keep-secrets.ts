import { ForbiddenError } from "../errors";
import type { SecretCheck } from "../data/entity-store";
import type { Principal } from "./principal";
import { canReadStoredSecrets } from "./roles";

/**
 * DESIGN §14: `?keep_secrets=true` lets a write move literal secrets to a new destination; only an admin may say
 * so (403 for anyone else, so that an editor learns at once the flag is not theirs rather than by a 409). Whether the
 * writer may read secrets decides whether reference parameters may send a server's secrets elsewhere.
 */
export function secretCheckOf(keepSecrets: boolean, principal: Pick<Principal, "role">): SecretCheck {
  if (keepSecrets && principal.role !== "admin") throw new ForbiddenError("Only an admin may pass ?keep_secrets=true.");
  return { keep: keepSecrets, readsSecrets: canReadStoredSecrets(principal.role) };
}
