import type { Page } from "@playwright/test";

import { uniqueName } from "../support/api-client";
import { mintToken } from "../support/roles";
import { expect } from "./fixtures";

/** Signs the browser in with a token through the sign-in link, as a person would. */
export async function signIn(page: Page, baseUrl: string, token: string, name: string) {
  await page.goto(`${baseUrl}/sign-in#token=${token}`);
  await page.getByRole("button", { name: `Sign in as ${name}` }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
}

/** A role's token, minted by the admin, and the browser signed in with it. */
export async function signInAs(page: Page, baseUrl: string, adminToken: string, role: "viewer" | "editor" | "admin") {
  if (role === "admin") return signIn(page, baseUrl, adminToken, "admin (PATCHBAY_ADMIN_TOKEN)");
  const name = uniqueName(`journey-${role}`);
  return signIn(page, baseUrl, await mintToken(baseUrl, adminToken, name, role), name);
}
