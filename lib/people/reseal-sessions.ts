import type { Tx } from "../db";
import { openSecret, sealSecret, type SecretKey } from "../secrets/secret-box";
import { refreshTokenSlot } from "./idp-recheck";

/**
 * `secrets rotate-key` (DESIGN §10, §18), inside its transaction: every open session's identity-provider refresh
 * token sealed with `from` is sealed again with `to`, in its own slot; one sealed with neither is left as it is.
 */
export async function resealSessionRefreshTokens(tx: Tx, from: SecretKey, to: SecretKey): Promise<{ sso_sessions: number }> {
  const sessions = await tx.session.findMany({ where: { endedAt: null, idpRefreshToken: { not: null } }, select: { hash: true, idpRefreshToken: true } });
  let resealed = 0;
  for (const { hash, idpRefreshToken } of sessions) {
    if (idpRefreshToken!.split(".")[1] !== from.id) continue;
    const slot = refreshTokenSlot(hash);
    await tx.session.update({ where: { hash }, data: { idpRefreshToken: sealSecret(to, slot, openSecret(from, slot, idpRefreshToken!)) } });
    resealed++;
  }
  return { sso_sessions: resealed };
}
