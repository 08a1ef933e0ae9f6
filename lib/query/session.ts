import { useWrite } from "./entity";
import { fetchJson } from "./fetch-json";

/** POST /api/session sets the HttpOnly session cookie; a 401 means the token is unknown, revoked or expired. */
export function useSignIn() {
  return useWrite((token: string) => fetchJson<void>("/api/session", { method: "POST", json: { token } }));
}

/** POST /api/session/preview: the name a sign-in link's token would sign in as (401 when it is unknown); signs nothing in. */
export function useSignInPreview() {
  return useWrite((token: string) => fetchJson<{ name: string }>("/api/session/preview", { method: "POST", json: { token } }));
}

/** DELETE /api/session clears the cookie; a failure is swallowed: the caller leaves for the sign-in page either way. */
export const signOut = () => fetchJson<void>("/api/session", { method: "DELETE" }).catch(() => undefined);
