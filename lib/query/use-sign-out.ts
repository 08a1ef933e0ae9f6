"use client";

import { useMutation } from "@tanstack/react-query";

import { fetchJson } from "./fetch-json";

/** DELETE /api/session clears the session cookie. */
export function useSignOut() {
  return useMutation({ mutationFn: () => fetchJson<void>("/api/session", { method: "DELETE" }) });
}
