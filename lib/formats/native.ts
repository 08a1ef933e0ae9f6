import { withoutServerSetFields } from "../schemas/document";
import { isPlainObject, normalizeServerInput } from "../schemas/server-fields";
import { emptyDraft, failedDraft, pointer } from "./draft";
import type { Draft } from "./types";

/** Our own export: `{mcp_servers: [...], capabilities: [...], agents: [...]}`. */
export function matchesNative(document: unknown): boolean {
  if (!isPlainObject(document) || !Array.isArray(document.mcp_servers)) return false;
  // A capability.json also has `mcp_servers`, but as references (names), never as definitions.
  return document.mcp_servers.every(isPlainObject) || Array.isArray(document.capabilities) || Array.isArray(document.agents);
}

/** Passes definitions through as they are, minus server-set fields; validation is the importer's job. */
export function convertNative(document: unknown): Draft {
  if (!isPlainObject(document) || !Array.isArray(document.mcp_servers)) {
    return failedDraft("", "must be an object with an 'mcp_servers' array");
  }

  const draft = readServerDefinitions(document.mcp_servers, (index) => pointer("mcp_servers", index));
  for (const key of ["capabilities", "agents"] as const) {
    const list = document[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      draft.errors.push({ path: pointer(key), message: "must be an array" });
      continue;
    }
    draft[key] = list.map((entry) => (isPlainObject(entry) ? withoutServerSetFields(entry) : entry));
  }
  return draft;
}

/** Server definitions in Patchbay's own shape, as in our export and in seed 003 `mcp-server.json` files. */
export function readServerDefinitions(list: unknown[], sourceOf: (index: number) => string): Draft {
  const draft = emptyDraft();
  list.forEach((entry, index) => {
    const source = sourceOf(index);
    if (!isPlainObject(entry)) {
      draft.errors.push({ path: source, message: "must be an object" });
      return;
    }
    if (typeof entry.name !== "string" || entry.name === "") {
      draft.errors.push({ path: `${source}/name`, message: "is required" });
      return;
    }
    draft.servers.push({ source, server: normalizeServerInput(entry) as Record<string, unknown> & { name: string } });
  });
  return draft;
}
