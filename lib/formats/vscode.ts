import { isPlainObject } from "../schemas/server-fields";
import { emptyDraft, failedDraft, pointer, pushServer, toTransport } from "./draft";
import { toEnvName } from "./names";
import type { Draft } from "./types";

const INPUT_REFERENCE = /\$\{input:([^}]+)\}/g;
const ENV_REFERENCE = /\$\{env:([^}]+)\}/g;

/** VS Code `.vscode/mcp.json` (`{servers: {name: …}, inputs: […]}`), or `settings.json` with the same under `mcp`. */
export function matchesVscode(document: unknown): boolean {
  if (!isPlainObject(document)) return false;
  if (isPlainObject(document.mcp) && isPlainObject(document.mcp.servers)) return true;
  return isPlainObject(document.servers);
}

/** `${input:some-id}` becomes `${SOME_ID}` and `${env:NAME}` becomes `${NAME}`: the runner supplies both. */
export function convertVscode(document: unknown): Draft {
  if (!isPlainObject(document)) return failedDraft("", "must be an object with a 'servers' object");
  const nested = isPlainObject(document.mcp) && isPlainObject(document.mcp.servers);
  // Asked for by ?format=vscode, a file without `servers` is another format, not an empty VS Code one.
  if (!nested && document.servers === undefined) return failedDraft("/servers", "is required: VS Code's mcp.json keeps its servers under 'servers' (settings.json under 'mcp.servers')");
  const servers = nested ? (document.mcp as Record<string, unknown>).servers : document.servers;
  if (!isPlainObject(servers)) return failedDraft("/servers", "must be an object of servers by name");

  const draft = emptyDraft();
  for (const [name, entry] of Object.entries(servers)) {
    const source = nested ? pointer("mcp", "servers", name) : pointer("servers", name);
    if (!isPlainObject(entry)) {
      draft.errors.push({ path: source, message: "must be an object" });
      continue;
    }
    const fields = rewriteReferences(entry) as Record<string, unknown>;
    pushServer(draft, source, { name, description: fields.description }, toTransport(fields));
  }
  return draft;
}

function rewriteReferences(value: unknown): unknown {
  if (typeof value === "string") {
    return value
      .replace(INPUT_REFERENCE, (_, id: string) => `\${${toEnvName(id)}}`)
      .replace(ENV_REFERENCE, (_, name: string) => `\${${toEnvName(name)}}`);
  }
  if (Array.isArray(value)) return value.map(rewriteReferences);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewriteReferences(v)]));
  return value;
}
