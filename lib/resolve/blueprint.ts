import { ConflictError, UnresolvableError, type FieldError } from "../errors";
import type { AgentInput } from "../schemas/agent";
import type { CapabilityInput } from "../schemas/capability";
import { pointerSegment } from "../schemas/json-pointer";
import type { InlineReference } from "../schemas/reference";
import type { ServerInput } from "../schemas/server";
import { literalSecretValues } from "./literal-secrets";
import { inlineWarning, parseReferences, type ParsedReference } from "./references";
import { resolveServer } from "./resolve-server";
import type { ResolvedConfig, ResolveContext } from "./types";

export type BlueprintInput = {
  agent: AgentInput;
  /** The agent's capabilities by name; one it lists but this lacks is an unknown capability. */
  capabilities: ReadonlyMap<string, CapabilityInput>;
  /** Every registry server the references may name; one missing is an unknown server. */
  servers: ReadonlyMap<string, ServerInput>;
  ctx: ResolveContext;
  /** Run-time parameters by alias. */
  parameters?: Record<string, Record<string, unknown>>;
  context?: Record<string, unknown>;
};

export type BlueprintConfig = ResolvedConfig | InlineReference;
/**
 * `sensitiveValues`: per alias, what was substituted from secrets or the process environment, and the server's literal
 * secrets (for scrubbing what comes back); `origins`: per alias resolved from a registry server, that server's name.
 */
export type Blueprint = { mcpServers: Record<string, BlueprintConfig>; warnings: FieldError[]; sensitiveValues: Record<string, string[]>; origins: Record<string, string> };

type Entry = { place: string; reference: ParsedReference };

/**
 * DESIGN §2 "Blueprint of an agent": references from its capabilities in order, then the agent's own, each
 * resolved to a flat client config under its alias. Throws ConflictError (409) when two places use one alias,
 * and UnresolvableError (422) listing every unknown capability or server and every unresolvable parameter,
 * by its path in the blueprint (`/mcp_servers/<alias>/…`). Inline configs pass through with a warning.
 */
export function resolveBlueprint(input: BlueprintInput): Blueprint {
  const { entries, errors } = collectEntries(input);
  assertNoConflicts(entries);

  const warnings: FieldError[] = [];
  const mcpServers = new Map<string, BlueprintConfig>();
  const sensitiveValues: Record<string, string[]> = {};
  const origins: Record<string, string> = {};
  for (const { place, reference } of entries) {
    const path = `/mcp_servers/${pointerSegment(reference.alias)}`;
    if (reference.kind === "inline") {
      warnings.push(inlineWarning(path, place));
      mcpServers.set(reference.alias, reference.config);
      continue;
    }
    if (reference.kind === "provides") {
      errors.push({ path, message: `${place}: no MCP server provides '${reference.provides}'` });
      continue;
    }

    const server = input.servers.get(reference.server);
    if (!server) {
      errors.push({ path, message: `${place} references unknown MCP server '${reference.server}'` });
      continue;
    }
    const resolution = resolveServer(server, input.ctx, {
      reference: reference.parameters,
      runtime: input.parameters?.[reference.alias],
      context: input.context,
    });
    warnings.push(...resolution.warnings.map((warning) => ({ path: `${path}${warning.path}`, message: warning.message })));
    if (!resolution.ok) {
      const where = `MCP server '${reference.alias}' (${place}, server ${server.name})`;
      errors.push(...resolution.errors.map((error) => ({ path: `${path}${error.path}`, message: `${where}: ${error.message}` })));
      continue;
    }
    mcpServers.set(reference.alias, resolution.config);
    // Literal secrets too (headers, env, a URL's password or token): what comes back from the server may echo them.
    sensitiveValues[reference.alias] = [...resolution.sensitiveValues, ...literalSecretValues(server)];
    origins[reference.alias] = server.name;
  }

  if (errors.length > 0) {
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
    throw new UnresolvableError(`Agent '${input.agent.name}' can not be resolved: ${errors[0].message}${more}.`, errors);
  }
  warnings.push(...unusedParameterWarnings(input.parameters, mcpServers));
  return { mcpServers: Object.fromEntries(mcpServers), warnings, sensitiveValues, origins };
}

function collectEntries({ agent, capabilities }: BlueprintInput): { entries: Entry[]; errors: FieldError[] } {
  const entries: Entry[] = [];
  const errors: FieldError[] = [];
  (agent.capabilities ?? []).forEach((name, index) => {
    const capability = capabilities.get(name);
    if (!capability) {
      errors.push({ path: `/capabilities/${index}`, message: `agent ${agent.name} references unknown capability '${name}'` });
      return;
    }
    entries.push(...parseReferences(capability.mcp_servers).map((reference) => ({ place: `capability ${name}`, reference })));
  });
  entries.push(...parseReferences(agent.mcp_servers).map((reference) => ({ place: `agent ${agent.name}`, reference })));
  return { entries, errors };
}

function assertNoConflicts(entries: Entry[]): void {
  const places = new Map<string, string[]>();
  for (const { place, reference } of entries) places.set(reference.alias, [...(places.get(reference.alias) ?? []), place]);

  for (const [alias, where] of places) {
    if (where.length < 2) continue;
    throw new ConflictError(`MCP server '${alias}' defined in multiple places: ${where.join(", ")}`, {
      errors: [{ path: `/mcp_servers/${pointerSegment(alias)}`, message: `defined in ${where.join(", ")}` }],
    });
  }
}

function unusedParameterWarnings(parameters: BlueprintInput["parameters"], resolved: Map<string, BlueprintConfig>): FieldError[] {
  return Object.keys(parameters ?? {})
    .filter((alias) => !resolved.has(alias))
    .map((alias) => ({ path: `/parameters/${pointerSegment(alias)}`, message: "no MCP server of the blueprint has this alias; ignored" }));
}
