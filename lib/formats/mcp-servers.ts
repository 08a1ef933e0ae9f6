import { isPlainObject } from "../schemas/server-fields";
import { emptyDraft, failedDraft, pointer, pushServer, toTransport } from "./draft";
import type { Draft } from "./types";

/** Claude Desktop / Cursor / Claude Code: `{"mcpServers": {name: {command, args, env} | {type?, url, headers}}}`. */
export function matchesMcpServers(document: unknown): boolean {
  return isPlainObject(document) && isPlainObject(document.mcpServers);
}

/** Other top-level keys (globalShortcut, preferences …) are ignored. A `url` without a `type` is streamable HTTP. */
export function convertMcpServers(document: unknown): Draft {
  if (!matchesMcpServers(document)) return failedDraft("", "must be an object with an 'mcpServers' object");

  const draft = emptyDraft();
  const entries = (document as { mcpServers: Record<string, unknown> }).mcpServers;
  for (const [name, entry] of Object.entries(entries)) {
    const source = pointer("mcpServers", name);
    if (!isPlainObject(entry)) {
      draft.errors.push({ path: source, message: "must be an object" });
      continue;
    }
    // Windsurf spells the URL `serverUrl`.
    const result = toTransport({ ...entry, url: entry.url ?? entry.serverUrl });
    pushServer(draft, source, { name, description: entry.description }, result);
  }
  return draft;
}
