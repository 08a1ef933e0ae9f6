/**
 * The slots upstream OAuth's sealed values are bound to (lib/secrets/sealed-values.ts): tokens, PKCE verifiers and
 * client secrets by `oauth/<server id>/<environment>/<person>/<what>`.
 */
export function slotOf(serverId: number, environment: string, person: string, what: string): string {
  return `oauth/${serverId}/${environment}/${person}/${what}`;
}

/** A pending authorization's flow (its PKCE verifier, its client) is bound to the hash of its state. */
export function pendingSlotOf(stateHash: string): string {
  return `oauth/pending/${stateHash}`;
}
