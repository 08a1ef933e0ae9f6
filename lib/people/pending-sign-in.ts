import { readCookie } from "../auth/session-cookie";
import { seal, unseal } from "../secrets/sealed-values";

/** A sign-in under way: what the callback must find again (state, nonce, PKCE verifier) and where to go after. */
export type PendingSignIn = { state: string; nonce: string; verifier: string; next: string; expiresAt: number };

export const PENDING_COOKIE = "patchbay_sso";
const SLOT = "people/sign-in-pending";
const TEN_MINUTES = 600;

/**
 * The pending sign-in lives in the browser that started it, sealed (only Patchbay can read or forge it), scoped to
 * the callback's path and gone after ten minutes or one use: a callback URL replayed from another browser, or
 * after the cookie was consumed, finds nothing to finish.
 */
export function pendingCookie(pending: Omit<PendingSignIn, "expiresAt">, isHttps: boolean): string {
  const sealed = seal(SLOT, JSON.stringify({ ...pending, expiresAt: Date.now() + TEN_MINUTES * 1000 }));
  return `${PENDING_COOKIE}=${sealed}; Path=/sign-in/oidc; HttpOnly; SameSite=Lax; Max-Age=${TEN_MINUTES}${isHttps ? "; Secure" : ""}`;
}

export function clearedPendingCookie(isHttps: boolean): string {
  return `${PENDING_COOKIE}=; Path=/sign-in/oidc; HttpOnly; SameSite=Lax; Max-Age=0${isHttps ? "; Secure" : ""}`;
}

export function readPendingSignIn(request: Request): PendingSignIn | null {
  const sealed = readCookie(request, PENDING_COOKIE);
  const opened = sealed ? unseal(SLOT, sealed) : null;
  const pending = opened ? (JSON.parse(opened) as PendingSignIn) : null;
  return pending && pending.expiresAt > Date.now() ? pending : null;
}
