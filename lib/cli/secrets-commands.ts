import fs from "node:fs";
import { parseArgs } from "node:util";

import { resealOAuthRows } from "../oauth/reseal-oauth";
import { resealSessionRefreshTokens } from "../people/reseal-sessions";
import { rotateSecretKey } from "../variables/rotate-secret-key";
import { generateSecretKey, secretKeyFrom } from "../secrets/secret-box";
import { forgetSecretKey, getSecretKey, keyFilePath, writeKeyFile } from "../secrets/secret-key";
import { getConfig } from "../env";
import { UsageError } from "./import-export-commands";

export const SECRETS_USAGE = "secrets rotate-key [--new-key <base64 of 32 bytes>]";

/**
 * `secrets rotate-key`: every secret (and upstream OAuth token) re-sealed under a new key in one transaction. With a key file (the
 * embedded default) the file is replaced after the commit; with PATCHBAY_SECRET_KEY the new key is printed
 * once, to be set in place of the old one before the next start.
 */
export async function rotateKeyCommand(args: string[]) {
  const { values } = parseArgs({ args, options: { "new-key": { type: "string" } } });
  const from = getSecretKey();
  if (!from) throw new UsageError(`${SECRETS_USAGE}\n(no key is configured: nothing is sealed yet)`);
  const to = values["new-key"] ? secretKeyFrom(Buffer.from(values["new-key"], "base64")) : generateSecretKey();

  const file = getConfig().PATCHBAY_SECRET_KEY ? null : keyFilePath();
  // The new key is on disk before the commit, so a crash in between never leaves secrets no key opens.
  if (file) writeKeyFile(`${file}.new`, to);
  const rotation = await rotateSecretKey(from, to, "cli", [resealOAuthRows, resealSessionRefreshTokens]);
  if (file) fs.renameSync(`${file}.new`, file);
  forgetSecretKey();

  console.log(`Re-sealed ${rotation.secrets} secret(s) under key ${to.id} (was ${from.id}), with ${rotation.oauth_connections} OAuth connection(s), ${rotation.oauth_pending} pending authorization(s) and ${rotation.sso_sessions} single sign-on session(s).`);
  if (!file) console.log(`Set PATCHBAY_SECRET_KEY to this new key before the next start (shown this once):\n${to.bytes.toString("base64")}`);
}
