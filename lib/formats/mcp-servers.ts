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
    // Windsurf spells the URL `serverUrl`; a remote server bridged for Claude Desktop is imported as what it bridges to.
    const result = toTransport(bridgedRemote(entry) ?? { ...entry, url: entry.url ?? entry.serverUrl });
    pushServer(draft, source, { name, description: entry.description }, result);
  }
  return draft;
}

/**
 * `npx [-y] mcp-remote <url> [--header Name:value]… [--transport sse-only]`: the stdio bridge a Claude Desktop file
 * reaches a remote server through (and Patchbay's own `?format=claude` writes) is that remote server — its URL, its
 * headers with `${VAR}` filled from the entry's `env` (a variable the entry does not set stays a `${VAR}` reference).
 * Anything else, or options this reading does not know, stays a stdio command as written.
 */
export function bridgedRemote(entry: Record<string, unknown>): Record<string, unknown> | undefined {
  const args = Array.isArray(entry.args) && entry.args.every((arg) => typeof arg === "string") ? (entry.args as string[]) : undefined;
  if (typeof entry.command !== "string" || !/(^|[\\/])npx(\.cmd)?$/.test(entry.command) || !args) return undefined;
  const rest = args[0] === "-y" || args[0] === "--yes" ? args.slice(1) : args;
  if (!/^mcp-remote(@[\w.^~-]+)?$/.test(rest[0] ?? "") || !URL.canParse(rest[1] ?? "")) return undefined;

  const env = isPlainObject(entry.env) ? (entry.env as Record<string, unknown>) : {};
  const fill = (value: string) => value.replace(/\$\{(\w+)\}/g, (whole, name: string) => (typeof env[name] === "string" ? (env[name] as string) : whole));
  const headers: Record<string, string> = {};
  let type = "http";
  for (let index = 2; index < rest.length; index++) {
    const [option, value] = [rest[index], rest[index + 1]];
    if (option === "--header" && value?.includes(":")) {
      const colon = value.indexOf(":");
      headers[value.slice(0, colon).trim()] = fill(value.slice(colon + 1).trim());
      index++;
    } else if (option === "--transport" && (value === "sse-only" || value === "http-only" || value === "http-first")) {
      if (value === "sse-only") type = "sse";
      index++;
    } else if (option !== "--allow-http") {
      return undefined;
    }
  }
  return { type, url: rest[1], ...(Object.keys(headers).length > 0 ? { headers } : {}), description: entry.description };
}
