import { ENV_VAR_PATTERN, PARAMETER_PATTERN } from "../schemas/placeholders";
import type { ServerInput } from "../schemas/server";
import { isPlainObject, type Transport } from "../schemas/server-fields";
import { compact } from "./draft";
import { packageSpec } from "./package-spec";
import { isSecretKey } from "../schemas/secrets";

export const OFFICIAL_SCHEMA_URL = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json";
export const PUBLISHER_META = "io.modelcontextprotocol.registry/publisher-provided";
export const PATCHBAY_META = "dev.patchbay";
export const DEFAULT_NAMESPACE = "dev.patchbay";

/** A stored server as `lib/data` returns it; the server-set fields are not part of the definition. */
export type StoredServer = ServerInput & { created_at?: string; modified_at?: string; revision?: number };
type Json = Record<string, unknown>;

/**
 * An official server.json (current schema, camelCase). `namespace` makes the reverse-DNS name (`dev.patchbay/<name>`):
 * Patchbay names have no `/`. http/sse become a remote; stdio becomes a package only when the command is a
 * package runner and the package is pinned, because the official schema refuses `latest` and ranges. The whole
 * definition rides along under `_meta[publisher-provided]["dev.patchbay"]`, so importing it back loses nothing.
 */
export function toOfficialServerJson(server: StoredServer, options: { namespace?: string } = {}): Json {
  const { created_at, modified_at, revision, ...definition } = server;
  const { transport } = server;
  const documentation = server.support?.documentation_url;
  const pkg = transport.type === "stdio" ? toPackage(transport, server) : undefined;

  return compact({
    $schema: OFFICIAL_SCHEMA_URL,
    name: `${options.namespace ?? DEFAULT_NAMESPACE}/${server.name}`,
    description: truncate(server.description.trim(), 100),
    version: server.version ?? "0.0.0",
    websiteUrl: documentation && /^https?:\/\//.test(documentation) ? documentation : undefined,
    icons: officialIcons(server),
    remotes: transport.type === "stdio" ? undefined : [toRemote(transport, server)],
    packages: pkg && [pkg],
    _meta: { [PUBLISHER_META]: { [PATCHBAY_META]: definition } },
  });
}

/** One item of the `/v0.1/servers` list: the server.json plus the registry's own metadata about it. */
export function toOfficialEntry(server: StoredServer, options: { namespace?: string; isLatest?: boolean } = {}): Json {
  const official = compact({ status: "active", publishedAt: server.created_at, updatedAt: server.modified_at, isLatest: options.isLatest ?? true });
  return { server: toOfficialServerJson(server, options), _meta: { "io.modelcontextprotocol.registry/official": official } };
}

function toRemote(transport: Extract<Transport, { type: "http" | "sse" }>, server: ServerInput): Json {
  const variables: Json = {};
  const url = escapePath(toTemplate(transport.url, variables, server));
  const headers = Object.entries(transport.headers ?? {}).map(([name, value]) => {
    const own: Json = {};
    return compact({ name, value: toTemplate(value, own, server), isRequired: true, isSecret: isSecretKey(name) || undefined, variables: nonEmpty(own) });
  });
  const type = transport.type === "http" ? "streamable-http" : "sse";
  return compact({ type, url, headers: headers.length > 0 ? headers : undefined, variables: nonEmpty(variables) });
}

/**
 * Percent-encodes what a URI may not hold after its authority (`[TOKEN]`, spaces, non-ASCII): the official rules
 * check sse URLs as `uri`. Template braces stay; the definition under `_meta` keeps the URL as entered.
 */
function escapePath(url: string): string {
  const pathStart = url.indexOf("/", url.indexOf("://") + 3);
  if (pathStart < 0) return url;
  return url.slice(0, pathStart) + url.slice(pathStart).replace(/[^A-Za-z0-9\-._~:/?#@!$&'()*+,;=%{}]/gu, encodeURIComponent);
}

function toPackage(transport: Extract<Transport, { type: "stdio" }>, server: ServerInput): Json | undefined {
  const spec = packageSpec(transport.command, transport.args ?? [], Object.keys(transport.env ?? {}));
  if (!spec) return undefined;

  const environmentVariables = Object.entries(transport.env ?? {}).map(([name, value]) => {
    const isSecret = isSecretKey(name) || undefined;
    // `NAME: ${NAME}` means "the user supplies NAME", which server.json says by giving no value.
    if (value === `\${${name}}`) return compact({ name, isRequired: true, isSecret });
    const own: Json = {};
    return compact({ name, value: toTemplate(value, own, server), isSecret, variables: nonEmpty(own) });
  });
  return compact({
    registryType: spec.registryType,
    identifier: spec.identifier,
    version: spec.version,
    runtimeHint: transport.command,
    transport: { type: "stdio" },
    runtimeArguments: positional(spec.runtimeArgs, server),
    packageArguments: positional(spec.packageArgs, server),
    environmentVariables: environmentVariables.length > 0 ? environmentVariables : undefined,
  });
}

function positional(values: string[], server: ServerInput): Json[] | undefined {
  if (values.length === 0) return undefined;
  return values.map((value) => {
    const own: Json = {};
    return compact({ type: "positional", value: toTemplate(value, own, server), variables: nonEmpty(own) });
  });
}

/** `${VAR}` and `{{param}}` become server.json `{VAR}` / `{param}` variables, declared in `variables`. */
function toTemplate(value: string, variables: Json, server: ServerInput): string {
  return value
    .replace(ENV_VAR_PATTERN, (_, name: string) => {
      variables[name] ??= compact({ isRequired: true, isSecret: isSecretKey(name) || undefined });
      return `{${name}}`;
    })
    .replace(PARAMETER_PATTERN, (_, name: string) => {
      variables[name] ??= parameterInput(server.parameters_schema, name);
      return `{${name}}`;
    });
}

function parameterInput(schema: Json | undefined, name: string): Json {
  const properties = isPlainObject(schema?.properties) ? schema.properties : {};
  const property = isPlainObject(properties[name]) ? properties[name] : {};
  const isRequired = Array.isArray(schema?.required) && schema.required.includes(name);
  return compact({
    description: typeof property.description === "string" ? property.description : undefined,
    isRequired: isRequired || undefined,
    default: property.default === undefined ? undefined : String(property.default),
    choices: Array.isArray(property.enum) ? property.enum.map(String) : undefined,
  });
}

function nonEmpty(object: Json): Json | undefined {
  return Object.keys(object).length > 0 ? object : undefined;
}

/** By code point, so an emoji is never cut in half; the official limit counts characters. */
/** The official schema takes only https: icons of up to 255 characters; data: images stay in the Patchbay block. */
function officialIcons(server: StoredServer) {
  const icons = server.icons?.filter((icon) => icon.src.startsWith("https:") && icon.src.length <= 255);
  return icons?.length ? icons : undefined;
}

function truncate(text: string, limit: number): string {
  const characters = Array.from(text);
  return characters.length <= limit ? text : `${characters.slice(0, limit - 1).join("").trimEnd()}…`;
}
