import type { FieldError } from "../errors";
import { isPlainObject } from "../schemas/server-fields";
import { compact, emptyDraft, failedDraft, pointer, pushServer, toTransport } from "./draft";
import type { Draft } from "./types";

const SCHEMA_REF = "#/schemas/";

type Schemas = Record<string, unknown>;
type ToolEntry = Record<string, unknown>;

/** Seed 004 unified registry: `{schemaVersion, servers: [{name, stdio | url, …}], schemas, tools}`. */
export function matchesUnified(document: unknown): boolean {
  if (!isPlainObject(document) || !Array.isArray(document.servers)) return false;
  if (document.schemaVersion !== undefined || isPlainObject(document.schemas) || Array.isArray(document.tools)) return true;
  return document.servers.some((entry) => isPlainObject(entry) && isPlainObject(entry.stdio));
}

/**
 * Servers come from `servers` (a `url` without `transport` is SSE, the seed's default); every tool joins the
 * server it names, directly or through its `source` chain, with `$ref: "#/schemas/X"` resolved into its
 * `input_schema` and its hidden `defaults` removed from it. A server's `parametersSchema` may use `$ref` too.
 */
export function convertUnified(document: unknown): Draft {
  if (!isPlainObject(document) || !Array.isArray(document.servers)) return failedDraft("", "must be an object with a 'servers' array");

  const draft = emptyDraft();
  const schemas: Schemas = isPlainObject(document.schemas) ? document.schemas : {};
  const names = new Set(document.servers.filter(isPlainObject).map((entry) => entry.name));
  const tools = collectTools(Array.isArray(document.tools) ? document.tools : [], names, schemas, draft.errors);

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
    pushServer(draft, source, { name: entry.name, description: entry.description }, result, {
      parameters_schema: parameters === undefined ? undefined : resolveRefs(parameters, schemas, `${source}/parametersSchema`, draft.errors),
      tags: entry.tags,
      tools: tools.get(entry.name as string),
    });
  });
  return draft;
}

function collectTools(list: unknown[], servers: Set<unknown>, schemas: Schemas, errors: FieldError[]): Map<string, unknown[]> {
  const byName = new Map(list.filter(isPlainObject).map((tool) => [tool.name, tool]));
  const byServer = new Map<string, unknown[]>();

  for (const [index, tool] of list.entries()) {
    const path = pointer("tools", index);
    if (!isPlainObject(tool)) {
      errors.push({ path, message: "must be an object" });
      continue;
    }
    const base = baseOf(tool, byName);
    if (typeof base.server !== "string") {
      errors.push({ path, message: base.problem });
      continue;
    }
    if (!servers.has(base.server)) {
      errors.push({ path, message: `names the server '${base.server}', which 'servers' does not define` });
      continue;
    }

    const schema = base.inputSchema;
    const resolved = schema === undefined ? undefined : resolveRefs(schema, schemas, `${path}/inputSchema`, errors);
    const converted = compact({ name: tool.name, description: tool.description, input_schema: withoutDefaults(resolved, tool.defaults) });
    byServer.set(base.server, [...(byServer.get(base.server) ?? []), converted]);
  }
  return byServer;
}

/** Follows `source` to the base tool: its server, and the first inputSchema met on the way. */
function baseOf(tool: ToolEntry, byName: Map<unknown, ToolEntry>): { server?: unknown; inputSchema?: unknown; problem: string } {
  const seen = new Set<ToolEntry>();
  let current = tool;
  let inputSchema = tool.inputSchema;
  while (current.server === undefined && typeof current.source === "string") {
    const next = byName.get(current.source);
    if (!next || seen.has(next)) return { problem: `its source '${current.source}' leads to no tool with a server` };
    seen.add(next);
    inputSchema ??= next.inputSchema;
    current = next;
  }
  if (isPlainObject(current.server)) return { problem: "has an inline server (the old format): move it into 'servers' and name it here" };
  return { server: current.server, inputSchema, problem: "names no server and no source tool" };
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

/** Hidden defaults are injected at call time, so they are not part of the advertised schema (seed 004). */
function withoutDefaults(schema: unknown, defaults: unknown): unknown {
  if (!isPlainObject(schema) || !isPlainObject(defaults) || !isPlainObject(schema.properties)) return schema;
  const hidden = Object.keys(defaults);
  const properties = Object.fromEntries(Object.entries(schema.properties).filter(([key]) => !hidden.includes(key)));
  const required = Array.isArray(schema.required) ? schema.required.filter((key) => !hidden.includes(key as string)) : undefined;
  return compact({ ...schema, properties, required });
}
