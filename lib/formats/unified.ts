import type { FieldError } from "../errors";
import { isPlainObject } from "../schemas/server-fields";
import { compact, emptyDraft, failedDraft, pointer, pushServer, toTransport } from "./draft";
import type { ConverterOptions, Draft } from "./types";

const SCHEMA_REF = "#/schemas/";
/** The capability a unified registry's tools become when `?capability=` names none (DESIGN §11). */
export const DEFAULT_UNIFIED_CAPABILITY = "unified-import";

type Schemas = Record<string, unknown>;
type ToolEntry = Record<string, unknown>;
type Resolved = { server: string; tool: string };

/** Seed 004 unified registry: `{schemaVersion, servers: [{name, stdio | url, …}], schemas, tools}`. */
export function matchesUnified(document: unknown): boolean {
  if (!isPlainObject(document) || !Array.isArray(document.servers)) return false;
  if (document.schemaVersion !== undefined || isPlainObject(document.schemas) || Array.isArray(document.tools)) return true;
  return document.servers.some((entry) => isPlainObject(entry) && isPlainObject(entry.stdio));
}

/**
 * Lossless import of seed 004 (DESIGN §11). Servers come from `servers` (a `url` without `transport` is SSE, the
 * seed's default; `auth` becomes the server's `auth`). `$ref: "#/schemas/X"` is resolved wherever it appears.
 * A base tool (one with `server`) becomes a declared tool of that server (`originalName` → `original_name`) and
 * an `include` entry `server.tool` of the capability; a virtual tool (one with `source`) becomes an entry of the
 * capability's `tools.virtual`, its source written as `server.tool` or as the virtual tool it names.
 */
export function convertUnified(document: unknown, options: ConverterOptions = {}): Draft {
  if (!isPlainObject(document) || !Array.isArray(document.servers)) return failedDraft("", "must be an object with a 'servers' array");

  const draft = emptyDraft();
  const schemas: Schemas = isPlainObject(document.schemas) ? document.schemas : {};
  const names = new Set(document.servers.filter(isPlainObject).map((entry) => entry.name));
  const tools = Array.isArray(document.tools) ? document.tools : undefined;
  const converted = convertTools(tools ?? [], names, schemas, draft.errors);

  document.servers.forEach((entry: unknown, index: number) => {
    const source = pointer("servers", index);
    if (!isPlainObject(entry)) {
      draft.errors.push({ path: source, message: "must be an object" });
      return;
    }
    const stdio = isPlainObject(entry.stdio) ? entry.stdio : undefined;
    const result = toTransport(
      stdio
        ? { type: "stdio", command: stdio.command, args: stdio.args, env: entry.env ?? stdio.env }
        : { type: entry.transport, url: entry.url, headers: entry.headers },
      "sse",
    );
    const parameters = entry.parametersSchema ?? entry.parameters_schema;
    const auth = typeof entry.auth === "string" ? entry.auth : converted.oauth.has(entry.name as string) ? "oauth" : undefined;
    pushServer(draft, source, { name: entry.name, description: entry.description }, result, {
      parameters_schema: parameters === undefined ? undefined : resolveRefs(parameters, schemas, `${source}/parametersSchema`, draft.errors),
      tags: entry.tags,
      tools: converted.declared.get(entry.name as string),
      auth: auth === undefined ? undefined : { type: auth },
    });
  });

  if (tools !== undefined) {
    draft.capabilities.push(compact({
      name: options.capability ?? DEFAULT_UNIFIED_CAPABILITY,
      description: "Imported from unified",
      mcp_servers: [...names].filter((name): name is string => typeof name === "string"),
      tools: compact({ include: converted.include, virtual: converted.virtual.length > 0 ? converted.virtual : undefined }),
    }));
  }
  return draft;
}

function convertTools(list: unknown[], servers: Set<unknown>, schemas: Schemas, errors: FieldError[]) {
  const byName = new Map(list.filter(isPlainObject).map((tool) => [tool.name, tool]));
  const declared = new Map<string, unknown[]>();
  const include: string[] = [];
  const virtual: unknown[] = [];
  const oauth = new Set<string>();

  for (const [index, tool] of list.entries()) {
    const path = pointer("tools", index);
    if (!isPlainObject(tool)) {
      errors.push({ path, message: "must be an object" });
      continue;
    }
    const base = baseOf(tool, byName);
    if ("problem" in base) {
      errors.push({ path, message: base.problem });
      continue;
    }
    if (!servers.has(base.server)) {
      errors.push({ path, message: `names the server '${base.server}', which 'servers' does not define` });
      continue;
    }
    const resolve = (field: string) => (tool[field] === undefined ? undefined : resolveRefs(tool[field], schemas, `${path}/${field}`, errors));

    if (tool.server !== undefined) {
      if (tool.auth === "oauth") oauth.add(base.server);
      include.push(`${base.server}.${String(tool.name)}`);
      declared.set(base.server, [...(declared.get(base.server) ?? []), compact({
        name: tool.name, description: tool.description, input_schema: resolve("inputSchema"), output_schema: resolve("outputSchema"), original_name: tool.originalName,
        version: tool.version,
      })]);
      continue;
    }
    const source = byName.get(tool.source)!;
    virtual.push(compact({
      name: tool.name,
      source: source.server !== undefined ? `${String(source.server)}.${String(source.name)}` : tool.source,
      description: tool.description,
      input_schema: resolve("inputSchema"),
      defaults: tool.defaults,
      output_schema: resolve("outputSchema"),
    }));
  }
  return { declared, include, virtual, oauth };
}

/** Follows `source` to the base tool and its server. */
function baseOf(tool: ToolEntry, byName: Map<unknown, ToolEntry>): Resolved | { problem: string } {
  const seen = new Set<ToolEntry>([tool]);
  let current = tool;
  while (current.server === undefined && typeof current.source === "string") {
    const next = byName.get(current.source);
    if (!next || seen.has(next)) return { problem: `its source '${current.source}' leads to no tool with a server` };
    seen.add(next);
    current = next;
  }
  if (isPlainObject(current.server)) return { problem: "has an inline server (the old format): move it into 'servers' and name it here" };
  if (typeof current.server !== "string") return { problem: "names no server and no source tool" };
  return { server: current.server, tool: String(current.name) };
}

function resolveRefs(value: unknown, schemas: Schemas, path: string, errors: FieldError[], trail: string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveRefs(item, schemas, path, errors, trail));
  if (!isPlainObject(value)) return value;

  const { $ref, ...rest } = value;
  const siblings = Object.fromEntries(Object.entries(rest).map(([key, item]) => [key, resolveRefs(item, schemas, path, errors, trail)]));
  if (typeof $ref !== "string" || !$ref.startsWith(SCHEMA_REF)) return $ref === undefined ? siblings : { $ref, ...siblings };

  const name = $ref.slice(SCHEMA_REF.length);
  const problem = trail.includes(name) ? "is circular" : isPlainObject(schemas[name]) ? undefined : "names no entry of 'schemas'";
  if (problem) {
    errors.push({ path, message: `$ref '${$ref}' ${problem}` });
    return siblings;
  }
  return { ...(resolveRefs(schemas[name], schemas, path, errors, [...trail, name]) as object), ...siblings };
}
