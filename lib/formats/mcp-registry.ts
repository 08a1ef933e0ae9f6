import { isPlainObject } from "../schemas/server-fields";
import { compact, emptyDraft, failedDraft, pointer, pushServer, text, toTransport } from "./draft";
import type { Draft } from "./types";

/** Seed 001 `mcp_registry.json`: `{plugins: [{id, transport, endpoint, auth, actions}]}`. */
export function matchesMcpRegistry(document: unknown): boolean {
  return isPlainObject(document) && Array.isArray(document.plugins);
}

/**
 * `endpoint` is the URL; `auth: {type: "bearer", env}` becomes `Authorization: Bearer ${ENV}` (on stdio, the
 * variable is passed through `env`); `actions` become `tools` with their `input_schema` (output schemas,
 * timeouts and retries have no place in a server definition).
 */
export function convertMcpRegistry(document: unknown): Draft {
  if (!matchesMcpRegistry(document)) return failedDraft("", "must be an object with a 'plugins' array");

  const draft = emptyDraft();
  (document as { plugins: unknown[] }).plugins.forEach((plugin, index) => {
    const source = pointer("plugins", index);
    if (!isPlainObject(plugin)) {
      draft.errors.push({ path: source, message: "must be an object" });
      return;
    }
    const secret = authOf(plugin.auth);
    const headers = isPlainObject(plugin.headers) ? plugin.headers : {};
    const env = isPlainObject(plugin.env) ? plugin.env : {};
    const result = toTransport({
      ...plugin,
      type: plugin.transport,
      url: plugin.endpoint ?? plugin.url,
      headers: secret ? { ...headers, [secret.header]: secret.value } : plugin.headers,
      env: secret ? { ...env, [secret.variable]: `\${${secret.variable}}` } : plugin.env,
    });
    const head = { name: plugin.id ?? plugin.name, description: plugin.description, version: plugin.version };
    pushServer(draft, source, head, result, { tools: toolsOf(plugin.actions) });
  });
  return draft;
}

function authOf(auth: unknown): { header: string; value: string; variable: string } | undefined {
  if (!isPlainObject(auth) || typeof auth.env !== "string") return undefined;
  const type = typeof auth.type === "string" ? auth.type.toLowerCase() : "";
  if (type === "bearer") return { header: "Authorization", value: `Bearer \${${auth.env}}`, variable: auth.env };
  // `{type: "header" | "api_key", header: "X-Api-Key", env}`: the variable is the whole header value.
  const header = text(auth.header) ?? text(auth.name);
  if (header) return { header, value: `\${${auth.env}}`, variable: auth.env };
  return undefined;
}

function toolsOf(actions: unknown): unknown[] | undefined {
  if (!Array.isArray(actions)) return undefined;
  return actions.filter(isPlainObject).map((action) =>
    compact({ name: action.name, description: action.description, input_schema: action.input_schema }),
  );
}
