import { apiClient, type ApiClient } from "./api-client";

export const ROLE_ORDER = ["viewer", "runner", "editor", "admin"] as const;
export type TestRole = (typeof ROLE_ORDER)[number];

/** Mints a token named `name` for `role` through the API with the admin token; returns the token. */
export async function mintToken(baseUrl: string, adminToken: string, name: string, role: TestRole): Promise<string> {
  const minted = await apiClient(baseUrl, { Authorization: `Bearer ${adminToken}` }).post("/api/tokens", { name, role });
  if (minted.status !== 201) throw new Error(`minting a ${role} token failed: ${minted.status} ${minted.text}`);
  return minted.body.token as string;
}

/** mintToken, and a client that carries the token. */
export async function mintClient(baseUrl: string, adminToken: string, name: string, role: TestRole): Promise<ApiClient> {
  return apiClient(baseUrl, { Authorization: `Bearer ${await mintToken(baseUrl, adminToken, name, role)}` });
}

/** Mints one token per role through the API with the admin token; returns them by role. */
export async function mintRoleTokens(baseUrl: string, adminToken: string): Promise<Record<TestRole, string>> {
  const entries = await Promise.all(ROLE_ORDER.map(async (role) => [role, await mintToken(baseUrl, adminToken, `test-${role}`, role)] as const));
  return Object.fromEntries(entries) as Record<TestRole, string>;
}

/** Fills `{name}`-style path parameters with values that exist (or harmlessly do not). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_match, key: string) => encodeURIComponent(values[key] ?? "x"));
}
