import { cookies } from "next/headers";

import { findActiveSession } from "./sessions";
import { getConfig } from "../env";
import { ANONYMOUS, AUTH_OFF_PRINCIPAL, type Principal } from "./principal";
import { visibilityOf } from "./visibility";
import { SESSION_COOKIE } from "./session-cookie";

/** The signed-in user of a server-rendered page (proxy.ts has already sent everyone else to sign in). */
export async function getPagePrincipal(): Promise<Principal> {
  if (getConfig().PATCHBAY_AUTH === "off") return AUTH_OFF_PRINCIPAL;
  const sessionId = (await cookies()).get(SESSION_COOKIE)?.value;
  const session = sessionId ? await findActiveSession(sessionId) : null;
  return session ? { name: session.name, role: session.role, tokenId: session.tokenId, personId: session.personId, via: "cookie" } : ANONYMOUS;
}

/** What a page may show: the same rule as the API (literal secrets in clear to admin alone; pages are no blueprints). */
export async function getPageVisibility() {
  return visibilityOf(await getPagePrincipal());
}
