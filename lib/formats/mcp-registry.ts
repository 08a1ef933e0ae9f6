import type { FieldError } from "../errors";
import { toolResilienceSchema } from "../schemas/server-behaviour";
import { isPlainObject } from "../schemas/server-fields";
import { compact, emptyDraft, failedDraft, pointer, pushServer, text, toTransport } from "./draft";
import type { Draft } from "./types";

/** Seed 001 `mcp_registry.json`: `{plugins: [{id, transport, endpoint, auth, actions}]}`. */
export function matchesMcpRegistry(document: unknown): boolean {
  return isPlainObject(document) && Array.isArray(document.plugins);
}

/**
 * `endpoint` is the URL; `auth: {type: "bearer", env}` becomes `Authorization: Bearer ${ENV}` (on stdio, the
 * variable is passed through `env`); `actions` become declared `tools` with their `input_schema` and
 * `output_schema`, named without the plugin's prefix (`weather.query` of plugin `weather` is tool `query`, which
 * `/api/invoke` calls as `weather.query`); an action's `timeout_ms` and `retry` become `resilience.tools.{name}`.
 * A plugin with an invalid action is not imported at all: its errors name the action's field.
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
    const name = plugin.id ?? plugin.name;
    const actions = actionsOf(plugin.actions, typeof name === "string" ? name : "", source);
    if (actions.errors.length > 0) {
      draft.errors.push(...actions.errors);
      return;
    }
    const head = { name, description: plugin.description, version: plugin.version };
    const resilience = Object.keys(actions.resilience).length > 0 ? { resilience: { tools: actions.resilience } } : {};
    pushServer(draft, source, head, result, { tools: actions.tools, ...resilience });
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

type Actions = { tools: unknown[] | undefined; resilience: Record<string, unknown>; errors: FieldError[] };

/** Where each field of `resilience.tools.{name}` came from in the action, for errors that name the action's own field. */
const SOURCE_FIELDS: Record<string, string> = { timeout_ms: "timeout_ms", retries: "retry/retries", backoff: "retry", "backoff/min_ms": "retry/min_ms", "backoff/max_ms": "retry/max_ms" };

function actionsOf(actions: unknown, plugin: string, source: string): Actions {
  const result: Actions = { tools: undefined, resilience: {}, errors: [] };
  if (!Array.isArray(actions)) return result;
  result.tools = [];
  actions.forEach((action, index) => {
    if (!isPlainObject(action)) return;
    const at = `${source}/actions/${index}`;
    const name = toolName(action.name, plugin);
    result.tools!.push(compact({ name, description: action.description, input_schema: action.input_schema, output_schema: action.output_schema }));
    const retry = isPlainObject(action.retry) ? action.retry : {};
    const given = compact({
      timeout_ms: action.timeout_ms,
      retries: retry.retries,
      backoff: retry.min_ms !== undefined || retry.max_ms !== undefined ? compact({ min_ms: retry.min_ms ?? retry.max_ms, max_ms: retry.max_ms ?? retry.min_ms }) : undefined,
    });
    if (Object.keys(given).length === 0 || typeof name !== "string") return;
    const parsed = toolResilienceSchema.safeParse(given);
    if (parsed.success) {
      result.resilience[name] = parsed.data;
      return;
    }
    // One error per field (a negative timeout breaks two of its rules).
    const fields = new Map(parsed.error.issues.reverse().map((issue) => [SOURCE_FIELDS[issue.path.join("/")] ?? issue.path.join("/"), issue.message]));
    for (const [field, message] of fields) {
      result.errors.push({ path: `${at}/${field}`, message: `action '${String(action.name)}': ${fieldMessage(field, message)}` });
    }
  });
  return result;
}

/** Seed 001 names actions `plugin.action`; the tool is `action` (the plugin's prefix is not repeated in its name). */
function toolName(name: unknown, plugin: string): unknown {
  if (typeof name !== "string" || plugin === "" || !name.startsWith(`${plugin}.`) || name.length === plugin.length + 1) return name;
  return name.slice(plugin.length + 1);
}

function fieldMessage(field: string, message: string): string {
  if (field === "timeout_ms") return "timeout_ms must be a whole number of milliseconds from 1 to 600000";
  if (field === "retry/retries") return "retry.retries must be a whole number from 0 to 10";
  return `${field.replace("/", ".")}: ${message}`;
}
