"use client";

import { useMutation } from "@tanstack/react-query";

import { fetchJson } from "./fetch-json";

/** POST /api/session sets the HttpOnly session cookie; a 401 means the token is unknown, revoked or expired. */
export function useSignIn() {
  return useMutation({ mutationFn: (token: string) => fetchJson<void>("/api/session", { method: "POST", json: { token } }) });
}

/** POST /api/session/preview: the name a sign-in link's token would sign in as (401 when it is unknown); signs nothing in. */
export function useSignInPreview() {
  return useMutation({ mutationFn: (token: string) => fetchJson<{ name: string }>("/api/session/preview", { method: "POST", json: { token } }) });
}
