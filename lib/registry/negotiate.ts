import type { Visibility } from "../auth/visibility";
import type { FieldError } from "../errors";
import { publishBriefing } from "../health/health-events";
import { maskLiteralSecretsInConfig } from "../resolve/literal-secrets";
import { isSoundBinding, rankProviders } from "../resolve/provider-ranking";
import { resolveServer } from "../resolve/resolve-server";
import { pointerSegment } from "../schemas/json-pointer";
import type { Binding, NegotiateBody, Negotiation } from "../schemas/negotiate";
import { assertKnownEnvironment } from "./known-environments";
import { loadProviders, type Provider } from "./providers";
import { loadResolveContext } from "../variables/resolve-context";

/**
 * POST /api/negotiate: binds each required capability string to the best server that provides it (DESIGN §12)
 * and resolves that server for the environment with the string's parameters. A provider that cannot be
 * resolved is passed over (a warning says why) for the next; a string left without one is `missing`.
 */
export async function negotiate(body: NegotiateBody, { canReadBlueprintSecrets }: Visibility): Promise<Negotiation> {
  await assertKnownEnvironment(body.environment);
  const ctx = await loadResolveContext(body.environment, { mask: !canReadBlueprintSecrets });
  const providers = await loadProviders(body.requires, ctx.environment);
  const bindings: Record<string, Binding> = {};
  const missing: string[] = [];
  const warnings: FieldError[] = [];

  for (const string of body.requires) {
    const path = `/bindings/${pointerSegment(string)}`;
    const candidates = (providers.get(string) ?? []).map((provider) => ({ server: provider.server.name, status: provider.health.status, latency_ms: provider.health.latency_ms, provider }));
    const ranked = rankProviders(candidates);
    const bound = ranked.map(({ provider }) => bindOne(provider, string)).find((binding) => binding !== undefined);
    if (!bound) {
      missing.push(string);
      continue;
    }
    bindings[string] = bound;
    if (!isSoundBinding(bound.health.status)) warnings.push({ path, message: `bound to '${bound.server}', whose health is ${bound.health.status}` });
  }

  const status = missing.length === 0 && Object.values(bindings).every((binding) => isSoundBinding(binding.health.status)) ? "BOUND" : "DEGRADED";
  if (status === "DEGRADED") {
    // Seed 000's AgentBriefingEvent: who is degraded and why, never a bound server's config.
    publishBriefing({
      type: "briefing", status, environment: ctx.environment, requires: body.requires, missing,
      bindings: Object.fromEntries(Object.entries(bindings).map(([string, binding]) => [string, { server: binding.server, health: binding.health.status }])),
      at: new Date().toISOString(),
    });
  }
  return { status, environment: ctx.environment, bindings, missing, warnings };

  function bindOne({ server, health }: Provider, string: string): Binding | undefined {
    const resolution = resolveServer(server, ctx, { runtime: body.parameters?.[string], context: body.context });
    if (!resolution.ok) {
      warnings.push(...resolution.errors.map((error) => ({ path: `/bindings/${pointerSegment(string)}`, message: `'${server.name}' provides it but cannot be resolved: ${error.message}` })));
      return undefined;
    }
    const config = canReadBlueprintSecrets ? resolution.config : maskLiteralSecretsInConfig(resolution.config);
    return { server: server.name, config: config as Record<string, unknown>, health };
  }
}
