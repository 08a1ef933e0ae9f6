import { createPrivateKey, hkdfSync } from "node:crypto";

import { ConflictError } from "../errors";
import { getSecretKey } from "../secrets/secret-key";

/** The DER prefix of a PKCS #8 Ed25519 private key; the 32-byte seed follows it (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

/**
 * The authorization server's signing key and cookie keys, derived from the secret key (HKDF), so that every
 * instance signs and checks alike without another secret to store, and replacing the secret key replaces them.
 */
export function authorizationServerKeys(): { jwks: { keys: Record<string, unknown>[] }; cookieKeys: string[] } {
  const secret = getSecretKey();
  if (!secret) throw new ConflictError("The gateway's authorization server needs the secret key: set PATCHBAY_SECRET_KEY (base64 of 32 bytes).");
  const derive = (purpose: string) => Buffer.from(hkdfSync("sha256", secret.bytes, Buffer.alloc(0), `patchbay gateway oauth ${purpose}`, 32));
  const signing = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, derive("signing")]), format: "der", type: "pkcs8" });
  const jwk = { ...signing.export({ format: "jwk" }), alg: "EdDSA", use: "sig", kid: `patchbay-${secret.id}` };
  return { jwks: { keys: [jwk] }, cookieKeys: [derive("cookies").toString("base64url")] };
}
