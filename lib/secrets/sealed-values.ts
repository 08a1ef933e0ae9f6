import { ConflictError } from "../errors";
import { openSecret, sealSecret } from "./secret-box";
import { getSecretKey, secretKeyWithId } from "./secret-key";

/**
 * Tokens Patchbay holds for others (upstream OAuth's, DESIGN §17; the identity provider's, §18) are sealed like
 * secrets (§10), each bound to its slot so a sealed value copied to another row does not open.
 */
export function seal(slot: string, plaintext: string): string {
  const key = getSecretKey();
  if (!key) throw new ConflictError("Patchbay keeps tokens sealed: set PATCHBAY_SECRET_KEY (base64 of 32 bytes) first.");
  return sealSecret(key, slot, plaintext);
}

/** Null when the value cannot be opened (the key was replaced): the caller treats it as gone. */
export function unseal(slot: string, envelope: string): string | null {
  const key = secretKeyWithId(envelope.split(".")[1] ?? "");
  if (!key) return null;
  try {
    return openSecret(key, slot, envelope);
  } catch {
    return null;
  }
}
