import { isPlainObject } from "../schemas/server-fields";
import { failedDraft, pointer } from "./draft";
import { readServerDefinitions } from "./native";
import type { Draft } from "./types";

/** Seed 003 `mcp-servers/<name>/mcp-server.json`: one definition `{name, transport, …}`, or an array of them. */
export function matchesServerJson(document: unknown): boolean {
  if (Array.isArray(document)) return document.length > 0 && document.every(isDefinition);
  return isDefinition(document);
}

export function convertServerJson(document: unknown): Draft {
  if (Array.isArray(document)) return readServerDefinitions(document, (index) => pointer(index));
  // One definition is the whole document, so its pointer is the root.
  if (isPlainObject(document)) return readServerDefinitions([document], () => "");
  return failedDraft("", "must be a server definition or an array of them");
}

function isDefinition(value: unknown): boolean {
  return isPlainObject(value) && typeof value.name === "string" && isPlainObject(value.transport);
}
