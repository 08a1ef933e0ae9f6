import { createHash, createHmac, hkdfSync } from "node:crypto";

import { getSecretKey } from "./secret-key";

/**
 * A hex digest of `text` for `purpose` that only this deployment can compute: HMAC-SHA-256 under a key derived
 * (HKDF) from the secret key (DESIGN §10), so that every instance of a deployment computes the same one, nobody
 * without the key can test a guess of what went into `text` against it, and replacing the key replaces every
 * digest. Without a secret key (PostgreSQL before PATCHBAY_SECRET_KEY is set, when no sealed value exists yet) it
 * is a plain SHA-256: such a digest must stay inside the database, never in a response.
 */
export function keyedDigest(purpose: string, text: string): string {
  const secret = getSecretKey();
  if (!secret) return createHash("sha256").update(text, "utf8").digest("hex");
  const key = Buffer.from(hkdfSync("sha256", secret.bytes, Buffer.alloc(0), `patchbay ${purpose}`, 32));
  return createHmac("sha256", key).update(text, "utf8").digest("hex");
}
