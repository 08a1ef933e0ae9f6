import { jsonPointer } from "../schemas/json-pointer";
import { isPlainObject } from "../schemas/server-fields";
import type { Draft } from "./types";

type TransportType = "http" | "sse" | "stdio";
export type TransportResult = { transport: Record<string, unknown> } | { skip: string } | { error: string };

const TYPE_ALIASES: Record<string, TransportType> = {
  http: "http",
  "streamable-http": "http",
  streamablehttp: "http",
  streamable_http: "http",
  sse: "sse",
  stdio: "stdio",
};

export function emptyDraft(): Draft {
  return { servers: [], capabilities: [], agents: [], skipped: [], errors: [] };
}

export function failedDraft(path: string, message: string): Draft {
  return { ...emptyDraft(), errors: [{ path, message }] };
}

/** RFC 6901 JSON pointer from path segments. */
export function pointer(...segments: (string | number)[]): string {
  return jsonPointer(segments);
}

/** A copy without undefined values, so converted output compares and serialises cleanly. */
export function compact<T extends Record<string, unknown>>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}

export function text(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** Scalars become strings (configs often hold `"PORT": 3000`); anything else is left for validation to refuse. */
export function stringMap(value: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(value)) return undefined;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scalarText(item)]));
}

export function stringList(value: unknown): unknown[] | undefined {
  return Array.isArray(value) ? value.map(scalarText) : undefined;
}

function scalarText(value: unknown): unknown {
  return typeof value === "number" || typeof value === "boolean" ? String(value) : value;
}

/**
 * A Patchbay transport from the loose fields client configs use. Without a type, `command` means stdio and
 * `url` means `remoteDefault`. Fields of the other kind are dropped (an `env` next to a `url` has nowhere to go).
 */
export function toTransport(
  fields: { type?: unknown; url?: unknown; headers?: unknown; command?: unknown; args?: unknown; env?: unknown },
  remoteDefault: "http" | "sse" = "http",
): TransportResult {
  const given = typeof fields.type === "string" ? fields.type.toLowerCase() : undefined;
  const type = given === undefined
    ? fields.command !== undefined ? "stdio" : fields.url !== undefined ? remoteDefault : undefined
    : TYPE_ALIASES[given];

  if (given !== undefined && type === undefined) return { skip: `transport '${String(fields.type)}' is not supported` };
  if (type === undefined) return { error: "has neither a command nor a url" };
  if (type === "stdio") {
    if (typeof fields.command !== "string") return { error: "a stdio server needs a command" };
    return { transport: compact({ type, command: fields.command, args: stringList(fields.args), env: stringMap(fields.env) }) };
  }
  if (typeof fields.url !== "string") return { error: `a ${type} server needs a url` };
  return { transport: compact({ type, url: fields.url, headers: stringMap(fields.headers) }) };
}

/**
 * Adds one converted server, or records why it was skipped or could not be read.
 * `fields` follow the transport in the output (description and version come first, as in DESIGN §1).
 */
export function pushServer(
  draft: Draft,
  source: string,
  head: { name: unknown; description?: unknown; version?: unknown },
  result: TransportResult,
  fields: Record<string, unknown> = {},
): void {
  if (typeof head.name !== "string" || head.name === "") {
    draft.errors.push({ path: `${source}/name`, message: "is required" });
    return;
  }
  if ("skip" in result) {
    draft.skipped.push({ name: head.name, reason: result.skip });
    return;
  }
  if ("error" in result) {
    draft.errors.push({ path: source, message: result.error });
    return;
  }
  const server = compact({
    name: head.name,
    description: text(head.description),
    version: typeof head.version === "number" ? String(head.version) : text(head.version),
    transport: result.transport,
    ...fields,
  });
  draft.servers.push({ source, server });
}
