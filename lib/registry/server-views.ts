import type { Visibility } from "../auth/visibility";
import { findLiteralSecrets, maskLiteralSecrets, maskLiteralSecretsInConfig } from "../resolve/literal-secrets";
import { resolvedUrl, resolveServer, resolveTransport } from "../resolve/resolve-server";
import { loadResolveContext } from "../variables/resolve-context";
import { getServer, getServerRevision } from "./servers";

/** GET one server: steps 1–3 of DESIGN §2 for the environment asked for, registry values masked. */
export async function getResolvedServer(name: string, environment: string | undefined, { canReadStoredSecrets }: Visibility) {
  const { id: _id, ...server } = await getServer(name);
  const context = await loadResolveContext(environment, { mask: true });
  const { config, warnings } = resolveTransport(server, context);
  // Masked before resolved_url is taken from it: a URL's password or token must not come back beside the masked one.
  const shown = canReadStoredSecrets ? { ...server, transport: config } : maskLiteralSecrets({ ...server, transport: config });
  return { mcp_server: { ...shown, resolved_url: resolvedUrl(shown.transport), environment: context.environment }, warnings, revision: server.revision };
}

export async function getRawServer(name: string, visibility: Visibility) {
  const { id: _id, ...server } = await getServer(name);
  return toVisibleServer(server, visibility);
}

/** A server as stored, as `visibility` may see it: literal secrets masked below admin (DESIGN §7), write answers included. */
export function toVisibleServer<T extends Parameters<typeof maskLiteralSecrets>[0]>(server: T, { canReadStoredSecrets }: Visibility): T {
  return canReadStoredSecrets ? server : maskLiteralSecrets(server);
}

export async function getServerRevisionView(name: string, revision: number, { canReadStoredSecrets }: Visibility) {
  const found = await getServerRevision(name, revision);
  return canReadStoredSecrets ? found : { ...found, snapshot: maskLiteralSecrets(found.snapshot) };
}

/** Validate always answers for a known server: `valid: false` with errors instead of a 422. */
export async function validateServer(
  name: string,
  input: { parameters?: Record<string, unknown>; environment?: string },
  { canReadStoredSecrets }: Visibility,
) {
  const { id: _id, ...server } = await getServer(name);
  const resolution = resolveServer(server, await loadResolveContext(input.environment, { mask: true }), { runtime: input.parameters ?? {} });
  const warnings = [...findLiteralSecrets(server), ...resolution.warnings];
  if (!resolution.ok) return { valid: false, resolved_config: null, warnings, errors: resolution.errors };

  const config = canReadStoredSecrets ? resolution.config : maskLiteralSecretsInConfig(resolution.config);
  return { valid: true, resolved_config: config, warnings, errors: [] };
}
