import { isPlainObject } from "../schemas/server-fields";
import { emptyDraft, failedDraft, pointer, pushServer, toTransport } from "./draft";
import type { Draft } from "./types";

/** Seed 000 `mcp.json`: `{version, servers: [{id, transport, command, args, url, capabilities, env}]}`. */
export function matchesMcpJson(document: unknown): boolean {
  if (!isPlainObject(document) || !Array.isArray(document.servers)) return false;
  return document.servers.some((entry) => isPlainObject(entry) && (typeof entry.id === "string" || typeof entry.transport === "string"));
}

/** `capabilities` become `provides`; `transport` is a plain string (`stdio`, `sse`, `http`). */
export function convertMcpJson(document: unknown): Draft {
  if (!isPlainObject(document) || !Array.isArray(document.servers)) return failedDraft("", "must be an object with a 'servers' array");

  const draft = emptyDraft();
  document.servers.forEach((entry: unknown, index: number) => {
    const source = pointer("servers", index);
    if (!isPlainObject(entry)) {
      draft.errors.push({ path: source, message: "must be an object" });
      return;
    }
    const result = toTransport({ ...entry, type: entry.transport });
    const head = { name: entry.id ?? entry.name, description: entry.description, version: entry.version };
    pushServer(draft, source, head, result, { tags: entry.tags, provides: entry.capabilities });
  });
  return draft;
}
