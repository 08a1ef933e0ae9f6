"use client";

import { useMutation } from "@tanstack/react-query";

import { fetchJson } from "./fetch-json";

/** POST /api/session sets the HttpOnly session cookie; a 401 means the token is unknown, revoked or expired. */
export function useSignIn() {
  return useMutation({ mutationFn: (token: string) => fetchJson<void>("/api/session", { method: "POST", json: { token } }) });
}
