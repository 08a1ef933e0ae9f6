import fs from "node:fs";
import path from "node:path";

import { getConfig, isPostgresUrl } from "../env";
import { sqlitePathFromUrl } from "../db/sqlite-path";
import { generateSecretKey, secretKeyFrom, type SecretKey } from "./secret-box";

/**
 * The key secrets are sealed with (DESIGN §10): `PATCHBAY_SECRET_KEY` (base64 of 32 bytes), else — on the
 * embedded SQLite default only — a key file beside the database, created on first start with mode 0600.
 * On PostgreSQL there is no file to fall back on: instances on several machines must share one key.
 */
let cached: SecretKey | null | undefined;

export function keyFilePath(databaseUrl = getConfig().DATABASE_URL): string | null {
  if (isPostgresUrl(databaseUrl)) return null;
  return path.join(path.dirname(sqlitePathFromUrl(databaseUrl)), "patchbay.key");
}

/** The configured key, or null when none is configured (PostgreSQL without PATCHBAY_SECRET_KEY). */
export function getSecretKey(): SecretKey | null {
  if (cached !== undefined) return cached;
  const fromEnv = getConfig().PATCHBAY_SECRET_KEY;
  if (fromEnv) return (cached = secretKeyFrom(Buffer.from(fromEnv, "base64")));

  const file = keyFilePath();
  cached = file && fs.existsSync(file) ? readKeyFile(file) : null;
  return cached;
}

/** At start: on SQLite without PATCHBAY_SECRET_KEY, the key file is created when missing. Returns its path when it was. */
export function ensureSecretKeyFile(): string | null {
  if (getConfig().PATCHBAY_SECRET_KEY) return null;
  const file = keyFilePath();
  if (!file || fs.existsSync(file)) return null;
  try {
    writeKeyFile(file, generateSecretKey(), "wx");
  } catch (error) {
    // Another process of this instance (the health worker, a CLI) created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return null;
  }
  cached = undefined;
  return file;
}

export function writeKeyFile(file: string, key: SecretKey, flag: "wx" | "w" = "w"): void {
  fs.writeFileSync(file, `${key.bytes.toString("base64")}\n`, { mode: 0o600, flag });
  fs.chmodSync(file, 0o600);
}

/**
 * The key for values sealed with key `id`: the configured one, re-read once when it differs (the CLI's
 * rotate-key replaces the key file under a running server). Null when no configured key has that id.
 */
export function secretKeyWithId(id: string): SecretKey | null {
  if (getSecretKey()?.id === id) return getSecretKey();
  forgetSecretKey();
  const key = getSecretKey();
  return key?.id === id ? key : null;
}

export function forgetSecretKey(): void {
  cached = undefined;
}

function readKeyFile(file: string): SecretKey {
  const mode = fs.statSync(file).mode & 0o077;
  if (mode !== 0) throw new Error(`${file}: the secret key file must be readable by its owner only (chmod 600)`);
  return secretKeyFrom(Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64"));
}
