import { pointerSegment } from "../schemas/json-pointer";
import type { TransportType } from "../schemas/server";
import { isPlainObject } from "../schemas/server-fields";
import type { ResolvedConfig } from "./types";

type StringReplacer = (value: string, path: string) => string;

/**
 * The flat `mcpServers` entry for `type` from loose transport fields: only the fields of that type, keys in
 * the order type, url, headers | type, command, args, env, and empty or absent optional fields left out.
 */
export function toClientConfig(type: TransportType, fields: Record<string, unknown>): ResolvedConfig {
  const headers = stringMapOf(fields.headers);
  const args = Array.isArray(fields.args) ? fields.args.filter((arg) => typeof arg === "string") : [];
  const env = stringMapOf(fields.env);

  if (type === "stdio") {
    const config: ResolvedConfig = { type, command: stringOf(fields.command) };
    if (args.length > 0) config.args = args;
    if (Object.keys(env).length > 0) config.env = env;
    return config;
  }

  const config: ResolvedConfig = { type, url: stringOf(fields.url) };
  if (Object.keys(headers).length > 0) config.headers = headers;
  return config;
}

/** `config` with every string a placeholder may sit in passed through `replace`, with its JSON path. */
export function mapConfigStrings(config: ResolvedConfig, replace: StringReplacer): ResolvedConfig {
  if (config.type === "stdio") {
    return toClientConfig(config.type, {
      command: replace(config.command, "/command"),
      args: config.args?.map((arg, index) => replace(arg, `/args/${index}`)),
      env: mapValues(config.env, "/env", replace),
    });
  }
  return toClientConfig(config.type, {
    url: replace(config.url, "/url"),
    headers: mapValues(config.headers, "/headers", replace),
  });
}

function mapValues(map: Record<string, string> | undefined, path: string, replace: StringReplacer) {
  return Object.fromEntries(
    Object.entries(map ?? {}).map(([key, value]) => [key, replace(value, `${path}/${pointerSegment(key)}`)]),
  );
}


function stringOf(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function stringMapOf(value: unknown): Record<string, string> {
  if (!isPlainObject(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}
