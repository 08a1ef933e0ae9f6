import { countActiveTokens, createToken, ensureAdminToken } from "./tokens";
import type { Config } from "../env";

/**
 * PATCHBAY_ADMIN_TOKEN is ensured at every start. Without it, a database with no token gets one admin
 * token, printed once with a sign-in link (the token rides in the fragment, which browsers never send).
 */
export async function ensureFirstAdmin(config: Config): Promise<void> {
  if (config.PATCHBAY_ADMIN_TOKEN) {
    if (await ensureAdminToken(config.PATCHBAY_ADMIN_TOKEN)) console.log("Patchbay: admin token from PATCHBAY_ADMIN_TOKEN registered");
    return;
  }
  if (config.PATCHBAY_AUTH === "off" || (await countActiveTokens()) > 0) return;

  const { token } = await createToken({ name: "first admin", role: "admin" });
  const signIn = `http://localhost:${config.PORT}/sign-in#token=${token}`;
  console.log(`\nPatchbay: created the first admin token. It is shown this once — keep it somewhere safe:\n\n  ${token}\n\nSign in: ${signIn}\n`);
}
