import type { Principal } from "./principal";
import { canReadSecrets } from "./roles";

/** What a caller may see, decided once from the principal (DESIGN §7): every route and page asks this. */
export type Visibility = { canReadSecrets: boolean };

export function visibilityOf(principal: Pick<Principal, "role">): Visibility {
  return { canReadSecrets: canReadSecrets(principal.role) };
}
