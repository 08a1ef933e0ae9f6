import { apiClient } from "./api-client";

export const ROLE_ORDER = ["viewer", "runner", "editor", "admin"] as const;
export type TestRole = (typeof ROLE_ORDER)[number];

/** Mints one token per role through the API with the admin token; returns them by role. */
export async function mintRoleTokens(baseUrl: string, adminToken: string): Promise<Record<TestRole, string>> {
  const admin = apiClient(baseUrl, { Authorization: `Bearer ${adminToken}` });
  const entries = await Promise.all(
    ROLE_ORDER.map(async (role) => {
      const minted = await admin.post("/api/tokens", { name: `test-${role}`, role });
      if (minted.status !== 201) throw new Error(`minting a ${role} token failed: ${minted.status} ${minted.text}`);
      return [role, minted.body.token as string] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<TestRole, string>;
}

/** Fills `{name}`-style path parameters with values that exist (or harmlessly do not). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_match, key: string) => encodeURIComponent(values[key] ?? "x"));
}
