import type { FieldError } from "../errors";
import { withoutSourceFields } from "../schemas/capability-tools";
import type { VirtualTool } from "../schemas/capability-tools";
import type { McpServerReferences } from "../schemas/reference";
import { pointerSegment } from "../schemas/json-pointer";
import type { ToolNames } from "../schemas/tool-names";
import { exposedName } from "./exposed-names";
import { parseReferences } from "./references";
import { toolGlob } from "./tool-glob";

/** A tool of a server, as the catalog (or the definition's declared `tools`) knows it. */
export type SourceTool = {
  name: string;
  title?: string;
  description?: string;
  input_schema?: Record<string, unknown>;
  output_schema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  /** The name the upstream server knows, when the registry exposes the tool under another. */
  original_name?: string;
  /** The version the definition declares for the tool (seed 004): shown, not advertised over MCP. */
  version?: string;
};

/** Every tool of a server by its name; undefined when the registry has no such server. */
export type ToolsOf = (server: string) => SourceTool[] | undefined;

export type ToolOrigin = {
  /** "capability docs" or "agent researcher": where the tool was claimed. */
  place: string;
  alias: string;
  server: string;
  /** The name the upstream server knows (`original_name`, else the tool's name). */
  upstream_tool: string;
  /** Virtual names from this tool to its base address, e.g. ["get_text", "get_webpage", "fetch.fetch"]; empty for a base tool. */
  chain: string[];
  /** Keys of the hidden arguments the gateway injects; their values are in `hidden_defaults`, never advertised. */
  hidden_default_keys: string[];
};

/**
 * A tool as MCP lists it, snake_case: what the gateway advertises, and (with `icons`) the fingerprinted
 * definition of DESIGN §11.
 */
export type ListedTool = {
  name: string;
  title?: string;
  description?: string;
  input_schema: Record<string, unknown>;
  output_schema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
};

export type EffectiveTool = ListedTool & {
  /**
   * The advertised name (DESIGN §16): `alias.tool` by default, the tool's own with `"names": "bare"`, the
   * target's `tool_names` separator and portable form otherwise (lib/resolve/exposed-names.ts). `tools/call` finds
   * a tool by it.
   */
  name: string;
  /**
   * The internal address, whatever the naming: `alias.tool` for a base tool, the virtual tool's name otherwise.
   * Capability `include` globs and virtual tools' `source` match it; it stays inside the registry.
   */
  address: string;
  origin: ToolOrigin;
  /** Arguments injected at call time; a caller cannot override them. */
  hidden_defaults: Record<string, unknown>;
  /** The virtual tool's `output_schema` with its `source_field`s, for `project()`; absent for a base tool. */
  projection?: Record<string, unknown>;
  /** The declared version of a base tool (seed 004); a virtual tool has none of its own. */
  version?: string;
};

export type EffectiveTools = { tools: EffectiveTool[]; errors: FieldError[] };

export type CapabilityToolsInput = {
  name: string;
  mcp_servers?: McpServerReferences;
  tools?: { include?: string[]; virtual?: VirtualTool[] };
  tool_names?: ToolNames;
};
export type AgentToolsInput = { name: string; mcp_servers?: McpServerReferences; tool_names?: ToolNames };

const EMPTY_OBJECT_SCHEMA = { type: "object" } as const;

/**
 * DESIGN §11: the tools a capability exposes. Base tools of every referenced server at their `alias.tool` address
 * (only those an `include` glob matches, when there is `include`), then its virtual tools, each resolved down its
 * `source` chain to the upstream server and tool. Each is advertised under `naming` (DESIGN §16): the
 * capability's own `tool_names` on its endpoint, an agent's on the agent's. Problems (an unknown server, a source
 * naming no tool, a name claimed twice) are errors by path in the capability; the tools that did resolve are still listed.
 */
export function capabilityTools(capability: CapabilityToolsInput, toolsOf: ToolsOf): EffectiveTools {
  return namedCapabilityTools(capability, toolsOf, capability.tool_names);
}

function namedCapabilityTools(capability: CapabilityToolsInput, toolsOf: ToolsOf, naming: ToolNames | undefined): EffectiveTools {
  const place = `capability ${capability.name}`;
  const errors: FieldError[] = [];
  const bases = referencedTools(capability.mcp_servers, toolsOf, place, naming, errors);
  const globs = capability.tools?.include?.map(toolGlob);
  const included = globs ? bases.filter((tool) => globs.some((glob) => glob.test(tool.address))) : bases;

  const virtual = capability.tools?.virtual ?? [];
  const byAddress = new Map(bases.map((tool) => [tool.address, tool]));
  const byName = new Map(virtual.map((tool) => [tool.name, tool]));
  const resolved = virtual.flatMap((tool, index) => {
    const result = resolveVirtual(tool, byName, byAddress, naming);
    if (typeof result === "string") {
      errors.push({ path: `/tools/virtual/${index}/source`, message: result });
      return [];
    }
    return [result];
  });
  return { tools: claim([...included, ...resolved], errors), errors };
}

/**
 * The union of an agent's capabilities' tools (in order) and its own references' tools, all advertised under the
 * agent's `tool_names`; a name claimed twice is a conflict naming both places.
 */
export function agentTools(agent: AgentToolsInput, capabilities: CapabilityToolsInput[], toolsOf: ToolsOf): EffectiveTools {
  const errors: FieldError[] = [];
  const fromCapabilities = capabilities.flatMap((capability) => {
    const result = namedCapabilityTools(capability, toolsOf, agent.tool_names);
    errors.push(...result.errors.map((error) => ({ path: `/capabilities/${pointerSegment(capability.name)}${error.path}`, message: error.message })));
    return result.tools;
  });
  const own = referencedTools(agent.mcp_servers, toolsOf, `agent ${agent.name}`, agent.tool_names, errors);
  return { tools: claim([...fromCapabilities, ...own], errors), errors };
}

/**
 * First claim of an advertised name wins the listing; every later claim of it is an error naming both places (as
 * alias conflicts are) and is not advertised — whether the names met as `alias.tool`, bare (`"names": "bare"`) or
 * made portable. A place is followed by the tool's address where that differs from the name, so two references
 * of one place are told apart.
 */
function claim(tools: EffectiveTool[], errors: FieldError[]): EffectiveTool[] {
  const byName = new Map<string, EffectiveTool>();
  for (const tool of tools) {
    const first = byName.get(tool.name);
    if (!first) {
      byName.set(tool.name, tool);
      continue;
    }
    if (first.origin.place === tool.origin.place && first.address === tool.address) continue; // the same tool reached twice: one claim
    errors.push({ path: `/tools/${pointerSegment(tool.name)}`, message: `Tool '${tool.name}' defined in multiple places: ${claimant(first)}, ${claimant(tool)}` });
  }
  return [...byName.values()];
}

function claimant(tool: EffectiveTool): string {
  return tool.address === tool.name ? tool.origin.place : `${tool.origin.place} (${tool.address})`;
}

function referencedTools(references: McpServerReferences | undefined, toolsOf: ToolsOf, place: string, naming: ToolNames | undefined, errors: FieldError[]): EffectiveTool[] {
  return parseReferences(references).flatMap((reference) => {
    if (reference.kind === "provides") {
      errors.push({ path: reference.path, message: `${place}: no MCP server provides '${reference.provides}'` });
      return [];
    }
    if (reference.kind !== "server") return []; // a legacy inline config has no registry tools
    const tools = toolsOf(reference.server);
    if (tools === undefined) {
      errors.push({ path: reference.serverPath, message: `${place} references unknown MCP server '${reference.server}'` });
      return [];
    }
    return tools.map((tool): EffectiveTool => ({
      name: exposedName({ alias: reference.alias, name: tool.name, bare: reference.bare }, naming),
      address: `${reference.alias}.${tool.name}`,
      ...optional({ title: tool.title, description: tool.description, output_schema: tool.output_schema, annotations: tool.annotations, version: tool.version }),
      input_schema: tool.input_schema ?? EMPTY_OBJECT_SCHEMA,
      origin: { place, alias: reference.alias, server: reference.server, upstream_tool: tool.original_name ?? tool.name, chain: [], hidden_default_keys: [] },
      hidden_defaults: {},
    }));
  });
}

/**
 * Walks `source` from the virtual tool to a base address. Nearer tools win: the first description, input_schema
 * and output_schema met on the way, defaults merged with the nearer tool's value over the farther's. A cycle is
 * refused by the schema on write; it is still reported here rather than looped on.
 */
function resolveVirtual(tool: VirtualTool, byName: Map<string, VirtualTool>, byAddress: Map<string, EffectiveTool>, naming: ToolNames | undefined): EffectiveTool | string {
  const chain: VirtualTool[] = [tool];
  let source = tool.source;
  while (byName.has(source)) {
    const next = byName.get(source)!;
    if (chain.includes(next)) return `is a cycle: ${[...chain.map((item) => item.name), next.name].join(" → ")}`;
    chain.push(next);
    source = next.source;
  }
  const base = byAddress.get(source);
  if (!base) return `'${source}' is no tool of the referenced servers${chain.length > 1 ? ` (reached by ${chain.map((item) => item.name).join(" → ")})` : ""}`;

  const defaults = Object.assign({}, ...[...chain].reverse().map((item) => item.defaults ?? {})) as Record<string, unknown>;
  const description = chain.find((item) => item.description !== undefined)?.description ?? base.description;
  const inputSchema = chain.find((item) => item.input_schema !== undefined)?.input_schema ?? base.input_schema;
  const projection = chain.find((item) => item.output_schema !== undefined)?.output_schema;
  const hidden = Object.keys(defaults);
  return {
    name: exposedName({ name: tool.name }, naming),
    address: tool.name,
    ...optional({ title: base.title, description, annotations: base.annotations }),
    input_schema: withoutHidden(inputSchema, hidden),
    ...optional({ output_schema: projection ? (withoutSourceFields(projection) as Record<string, unknown>) : base.output_schema, projection }),
    origin: { ...base.origin, chain: [...chain.map((item) => item.name), source], hidden_default_keys: hidden },
    hidden_defaults: defaults,
  };
}

/** The advertised input schema: hidden arguments removed from `properties` and `required`. */
export function withoutHidden(schema: Record<string, unknown>, hidden: string[]): Record<string, unknown> {
  if (hidden.length === 0) return schema;
  const copy: Record<string, unknown> = { ...schema };
  if (isRecord(schema.properties)) copy.properties = Object.fromEntries(Object.entries(schema.properties).filter(([key]) => !hidden.includes(key)));
  if (Array.isArray(schema.required)) copy.required = schema.required.filter((key) => !hidden.includes(key as string));
  return copy;
}

function optional<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * What the gateway sends upstream for a call of `tool` (DESIGN §11): the upstream server and the name it knows,
 * and the caller's arguments with the hidden defaults injected over them — a caller cannot override one.
 */
export function upstreamCall(tool: EffectiveTool, callerArguments: Record<string, unknown>): { server: string; tool: string; arguments: Record<string, unknown> } {
  return { server: tool.origin.server, tool: tool.origin.upstream_tool, arguments: { ...callerArguments, ...tool.hidden_defaults } };
}
