import { resolvedUrl, resolveServer, resolveTransport } from "../resolve/resolve-server";
import { getServer } from "./servers";
import { resolveContextFor } from "./resolve-context";

/** GET one server: steps 1–3 of DESIGN §2 for the environment asked for, registry values masked. */
export async function getResolvedServer(name: string, environment: string | undefined) {
  const { id: _id, ...server } = await getServer(name);
  const context = resolveContextFor(environment, { mask: true });
  const { config, warnings } = resolveTransport(server, context);
  return {
    mcp_server: { ...server, transport: config, resolved_url: resolvedUrl(config), environment: context.environment },
    warnings,
    revision: server.revision,
  };
}

export async function getRawServer(name: string) {
  const { id: _id, ...server } = await getServer(name);
  return server;
}

/** Validate always answers for a known server: `valid: false` with errors instead of a 422. */
export async function validateServer(name: string, input: { parameters?: Record<string, unknown>; environment?: string }) {
  const { id: _id, ...server } = await getServer(name);
  const resolution = resolveServer(server, resolveContextFor(input.environment, { mask: true }), { runtime: input.parameters ?? {} });
  if (!resolution.ok) return { valid: false, resolved_config: null, warnings: resolution.warnings, errors: resolution.errors };
  return { valid: true, resolved_config: resolution.config, warnings: resolution.warnings, errors: [] };
}
