import type { Principal } from "./principal";
import { canReadBlueprintSecrets, canReadStoredSecrets } from "./roles";

/**
 * What a caller may see, decided once from the principal (DESIGN §7): every route and page asks this.
 * `canReadBlueprintSecrets`: secrets in clear in blueprint responses (runner and admin). `canReadStoredSecrets`:
 * literal secrets in clear everywhere else — definitions, `?raw=true`, revisions, write answers, exports (admin).
 */
export type Visibility = { canReadBlueprintSecrets: boolean; canReadStoredSecrets: boolean };

export function visibilityOf(principal: Pick<Principal, "role">): Visibility {
  return { canReadBlueprintSecrets: canReadBlueprintSecrets(principal.role), canReadStoredSecrets: canReadStoredSecrets(principal.role) };
}

/** One word per distinct view, for cache keys and tags: callers who may see different bytes never share one. */
export function visibilityKey({ canReadBlueprintSecrets, canReadStoredSecrets }: Visibility): "secrets" | "blueprint-secrets" | "masked" {
  if (canReadStoredSecrets) return "secrets";
  return canReadBlueprintSecrets ? "blueprint-secrets" : "masked";
}
