import { MASK } from "../schemas/secrets";
import { EXPIRY_SKEW_MS, sharedBearer } from "./upstream-bearer";

type Configs = Record<string, Record<string, unknown>>;

/**
 * DESIGN §17 "Use": in a blueprint, each alias of a server with a `shared` OAuth connection (`aliases`: alias →
 * server) gets the server's `Authorization: Bearer <access token>` — refreshed first when it is due — with
 * `expires_at` beside it. Below the runner role (`reveal` false) the token is masked like any secret. An alias
 * without a usable connection is left as it is (the server answers 401). `freshUntil`: when the soonest token
 * falls due, after which the blueprint must be made again rather than served from the read model.
 */
export async function withSharedAuthorization(configs: Configs, aliases: Record<string, string>, environment: string, reveal: boolean): Promise<{ configs: Configs; freshUntil: number | undefined }> {
  const out: Configs = { ...configs };
  let freshUntil: number | undefined;
  for (const [alias, server] of Object.entries(aliases)) {
    const config = configs[alias];
    if (typeof config?.url !== "string") continue;
    const bearer = await sharedBearer(server, environment, config.url);
    if (!bearer) continue;
    const headers = Object.fromEntries(Object.entries((config.headers ?? {}) as Record<string, string>).filter(([name]) => name.toLowerCase() !== "authorization"));
    out[alias] = {
      ...config,
      headers: { ...headers, Authorization: `Bearer ${reveal ? bearer.token : MASK}` },
      expires_at: bearer.expiresAt === null ? null : new Date(bearer.expiresAt).toISOString(),
    };
    if (bearer.expiresAt !== null) freshUntil = Math.min(freshUntil ?? Infinity, bearer.expiresAt - EXPIRY_SKEW_MS);
  }
  return { configs: out, freshUntil };
}
