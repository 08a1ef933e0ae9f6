import type { Role } from "../schemas/role";
import { recordAuditEvent } from "../audit/audit-events";
import { createToken, revokeToken } from "./tokens";
import { clientAddress } from "../http/client-address";

type Caller = { actor: string; request: Request };

/** Mints a token and records who did it (the token itself goes to the response only, never the log). */
export async function mintToken(input: { name: string; role: Role; expires_at?: string | null }, caller: Caller) {
  const { last_used_at: _never, ...minted } = await createToken({
    name: input.name,
    role: input.role,
    expiresAt: input.expires_at ? new Date(input.expires_at) : null,
  });
  await recordAuditEvent({
    actor: caller.actor, action: "token.create", entityType: "token", entityName: minted.name,
    detail: { client_address: clientAddress(caller.request), token_id: minted.id, role: minted.role, expires_at: minted.expires_at },
  });
  return minted;
}

/** Revokes a token (its sessions end in the same transaction) and records who did it. */
export async function revokeTokenAndRecord(id: string, caller: Caller): Promise<void> {
  const revoked = await revokeToken(id);
  await recordAuditEvent({
    actor: caller.actor, action: "token.revoke", entityType: "token", entityName: revoked.name,
    detail: { client_address: clientAddress(caller.request), token_id: id, role: revoked.role },
  });
}
