import { getDb } from "../db";
import { ensureSecretKeyFile, getSecretKey } from "./secret-key";

/**
 * At start (DESIGN §10): on the embedded default the key file is created beside the database when missing,
 * and said so; on PostgreSQL a database that holds secrets refuses to start without PATCHBAY_SECRET_KEY.
 * A key that does not match the sealed values is found here too, not at the first blueprint.
 */
export async function ensureSecretKey(): Promise<void> {
  const created = ensureSecretKeyFile();
  if (created) console.log(`Patchbay: created the secret key ${created} (mode 0600); back it up with the database, secrets cannot be read without it`);

  const sealed = await getDb().variable.findFirst({ where: { secret: true }, select: { name: true, sealed: true } });
  if (!sealed) return;
  const key = getSecretKey();
  if (!key) {
    console.error("Patchbay: this database holds secrets, but PATCHBAY_SECRET_KEY is not set (base64 of the 32-byte key they were sealed with).");
    process.exit(1);
  }
  const keyId = sealed.sealed?.match(/"v1\.([0-9a-f]{8})\./)?.[1];
  if (keyId && keyId !== key.id) {
    console.error(`Patchbay: secrets were sealed with key ${keyId}, but the configured key is ${key.id}. Set PATCHBAY_SECRET_KEY to the right key.`);
    process.exit(1);
  }
}
