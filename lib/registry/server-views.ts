import { findLiteralSecrets, maskLiteralSecrets, maskLiteralSecretsInConfig } from "../resolve/literal-secrets";
import { resolvedUrl, resolveServer, resolveTransport } from "../resolve/resolve-server";
import { loadResolveContext } from "../variables/resolve-context";
import { getServer, getServerRevision } from "./servers";

/** Literal secrets typed into definitions are readable from the runner role up, like blueprint secrets. */
export type Visibility = { canReadSecrets: boolean };

/** GET one server: steps 1–3 of DESIGN §2 for the environment asked for, registry values masked. */
export async function getResolvedServer(name: string, environment: string | undefined, { canReadSecrets }: Visibility) {
  const { id: _id, ...server } = await getServer(name);
  const context = await loadResolveContext(environment, { mask: true });
  const { config, warnings } = resolveTransport(server, context);
  const resolved = { ...server, transport: config, resolved_url: resolvedUrl(config), environment: context.environment };
  return { mcp_server: canReadSecrets ? resolved : maskLiteralSecrets(resolved), warnings, revision: server.revision };
}

export async function getRawServer(name: string, { canReadSecrets }: Visibility) {
  const { id: _id, ...server } = await getServer(name);
  return canReadSecrets ? server : maskLiteralSecrets(server);
}

export async function getServerRevisionView(name: string, revision: number, { canReadSecrets }: Visibility) {
  const found = await getServerRevision(name, revision);
  return canReadSecrets ? found : { ...found, snapshot: maskLiteralSecrets(found.snapshot) };
}

/** Validate always answers for a known server: `valid: false` with errors instead of a 422. */
export async function validateServer(
  name: string,
  input: { parameters?: Record<string, unknown>; environment?: string },
  { canReadSecrets }: Visibility,
) {
  const { id: _id, ...server } = await getServer(name);
  const resolution = resolveServer(server, await loadResolveContext(input.environment, { mask: true }), { runtime: input.parameters ?? {} });
  const warnings = [...findLiteralSecrets(server), ...resolution.warnings];
  if (!resolution.ok) return { valid: false, resolved_config: null, warnings, errors: resolution.errors };

  const config = canReadSecrets ? resolution.config : maskLiteralSecretsInConfig(resolution.config);
  return { valid: true, resolved_config: config, warnings, errors: [] };
}
