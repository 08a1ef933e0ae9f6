import { ConflictError } from "../errors";
import { openSecret, sealSecret } from "../secrets/secret-box";
import { getSecretKey, secretKeyWithId } from "../secrets/secret-key";

/**
 * Tokens, PKCE verifiers and client secrets are sealed like secrets (DESIGN §10, §17), each bound to its slot
 * (`oauth/<server id>/<environment>/<person>/<what>`) so a sealed value copied to another row does not open.
 */
export function seal(slot: string, plaintext: string): string {
  const key = getSecretKey();
  if (!key) throw new ConflictError("Upstream OAuth keeps tokens sealed: set PATCHBAY_SECRET_KEY (base64 of 32 bytes) first.");
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

export function slotOf(serverId: number, environment: string, person: string, what: string): string {
  return `oauth/${serverId}/${environment}/${person}/${what}`;
}

/** A pending authorization's flow (its PKCE verifier, its client) is bound to the hash of its state. */
export function pendingSlotOf(stateHash: string): string {
  return `oauth/pending/${stateHash}`;
}
