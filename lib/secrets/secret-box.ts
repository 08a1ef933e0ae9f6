import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * AES-256-GCM envelopes for secret values at rest (DESIGN §10): `v1.<key id>.<base64url(iv | tag | ciphertext)>`.
 * The key id (first 8 hex digits of the key's SHA-256) tells a wrong key from a corrupted value; the slot a
 * value belongs to (`<variable>/<environment>`) is authenticated as associated data, so a sealed value copied
 * into another variable or environment does not open.
 */
const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type SecretKey = { bytes: Buffer; id: string };

export function secretKeyFrom(bytes: Buffer): SecretKey {
  if (bytes.length !== 32) throw new Error("a secret key must be 32 bytes (base64 of 32 random bytes)");
  return { bytes, id: createHash("sha256").update(bytes).digest("hex").slice(0, 8) };
}

export function generateSecretKey(): SecretKey {
  return secretKeyFrom(randomBytes(32));
}

export function sealSecret(key: SecretKey, slot: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key.bytes, iv);
  cipher.setAAD(Buffer.from(slot, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return `${VERSION}.${key.id}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url")}`;
}

export function openSecret(key: SecretKey, slot: string, envelope: string): string {
  const [version, keyId, data] = envelope.split(".");
  if (version !== VERSION || !data) throw new Error(`secret ${slot}: not a sealed value`);
  if (keyId !== key.id) throw new Error(`secret ${slot}: sealed with key ${keyId}, but the configured key is ${key.id}`);

  const raw = Buffer.from(data, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", key.bytes, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(slot, "utf8"));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
}
