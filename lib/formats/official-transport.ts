import { isUrlTemplate } from "../schemas/placeholders";
import { isPlainObject } from "../schemas/server-fields";
import { compact, text } from "./draft";
import { toEnvName } from "./names";

type Json = Record<string, unknown>;
type Transport = Record<string, unknown>;

/** The command that runs a package of each registry type when its runtimeHint names no package runner. */
const DEFAULT_RUNNER: Record<string, string> = { npm: "npx", pypi: "uvx", oci: "docker", nuget: "dnx" };
/** Hints that run a package by its identifier; others (python, node, bun, binary …) would need a path we don't have. */
const RUNNERS = new Set(["npx", "bunx", "pnpx", "uvx", "docker", "podman", "dnx"]);
/** An official `{variable}`, but not the inside of `${VAR}` or `{{param}}`. */
const TEMPLATE_VARIABLE = /(?<![${])\{([A-Za-z_][\w.-]*)\}(?!\})/g;

/** A field in its camelCase (2025-09 onward) or snake_case (2025-07) spelling. */
export function read(object: Json, key: string): unknown {
  return object[key] ?? object[key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)];
}

/**
 * DESIGN §6: the first of a streamable-http remote, an sse remote, a package with an http/sse transport and a
 * stdio package that a runner can start. A candidate whose URL is unusable once filled in is passed over.
 */
export function chooseTransport(server: Json, serverName: string): Transport | null {
  const remotes = objects(server.remotes);
  const packages = objects(server.packages);
  const packageTransport = (pkg: Json) => (isPlainObject(pkg.transport) ? pkg.transport : { type: "stdio" });

  // Built lazily: the first usable candidate ends the search.
  const candidates: (() => Transport | null)[] = [
    ...remotes.filter((remote) => remoteType(remote.type) === "http").map((remote) => () => remoteTransport(remote, undefined, serverName)),
    ...remotes.filter((remote) => remoteType(remote.type) === "sse").map((remote) => () => remoteTransport(remote, undefined, serverName)),
    ...packages.filter((pkg) => remoteType(packageTransport(pkg).type)).map((pkg) => () => remoteTransport(packageTransport(pkg), pkg, serverName)),
    ...packages.filter((pkg) => packageTransport(pkg).type === "stdio").map((pkg) => () => stdioTransport(pkg)),
  ];
  for (const candidate of candidates) {
    const transport = candidate();
    if (transport) return transport;
  }
  return null;
}

function remoteType(type: unknown): "http" | "sse" | undefined {
  if (type === "streamable-http" || type === "streamablehttp" || type === "http") return "http";
  return type === "sse" ? "sse" : undefined;
}

/** In a URL, a `{variable}` takes its fixed value or default when one is declared (a port can't be `${PORT}`). */
function remoteTransport(remote: Json, pkg: Json | undefined, serverName: string): Transport | null {
  const type = remoteType(remote.type);
  if (!type || typeof remote.url !== "string") return null;

  const declared = [remote.variables, ...(pkg ? inputsOf(pkg) : [])];
  const url = fill(remote.url, (name) => declaredValue(declared, name, true));
  if (!isUrlTemplate(url)) return null;

  const headers = objects(remote.headers).filter((header) => typeof header.name === "string" && header.name !== "");
  return compact({
    type,
    url,
    headers: headers.length === 0 ? undefined : Object.fromEntries(
      headers.map((header) => [header.name, fixedValue(header) ?? `\${${toEnvName(`${serverName}_${header.name}`)}}`]),
    ),
  });
}

function stdioTransport(pkg: Json): Transport | null {
  const registry = text(read(pkg, "registryType")) ?? text(pkg.registry_name);
  const identifier = text(pkg.identifier) ?? text(pkg.name);
  const hint = text(read(pkg, "runtimeHint"));
  const command = hint && RUNNERS.has(hint) ? hint : registry && DEFAULT_RUNNER[registry];
  if (!command || !identifier) return null;

  const variables = objects(read(pkg, "environmentVariables")).filter((variable) => typeof variable.name === "string" && variable.name !== "");
  const env = variables.length === 0 ? undefined : Object.fromEntries(
    variables.map((variable) => [variable.name, fixedValue(variable) ?? `\${${toEnvName(variable.name as string)}}`]),
  );
  const runtime = argumentsOf(read(pkg, "runtimeArguments"));
  const target = withVersion(identifier, text(pkg.version), registry);
  const rest = argumentsOf(read(pkg, "packageArguments"));

  switch (command) {
    case "docker":
    case "podman": {
      // Environment variables reach the container only when passed by name.
      const passEnv = Object.keys(env ?? {}).flatMap((name) => ["-e", name]);
      const run = runtime[0] === "run" ? runtime : ["run", "-i", "--rm", ...runtime];
      return compact({ type: "stdio", command, args: [...run, ...passEnv, target, ...rest], env });
    }
    case "npx": {
      const yes = runtime.includes("-y") || runtime.includes("--yes") ? [] : ["-y"];
      return compact({ type: "stdio", command, args: [...yes, ...runtime, target, ...rest], env });
    }
    case "dnx":
      return compact({ type: "stdio", command, args: [...runtime, target, "--yes", ...rest], env });
    default:
      return compact({ type: "stdio", command, args: [...runtime, target, ...rest], env });
  }
}

function withVersion(identifier: string, version: string | undefined, registry: string | undefined): string {
  if (!version || version === "latest") return identifier;
  if (registry === "oci") return /:[^/]*$|@sha256:/.test(identifier) ? identifier : `${identifier}:${version}`;
  return identifier.lastIndexOf("@") > 0 ? identifier : `${identifier}@${version}`;
}

/** Named arguments without a value are left out unless required; positional ones fall back to a `${VALUE_HINT}`. */
function argumentsOf(list: unknown): string[] {
  return objects(list).flatMap((argument) => {
    const given = fixedValue(argument);
    const name = text(argument.name);
    if (name && argument.type !== "positional") {
      if (given !== undefined) return [name, given];
      return read(argument, "isRequired") === true ? [name, text(argument.default) ?? `\${${toEnvName(name)}}`] : [];
    }
    const hint = text(read(argument, "valueHint"));
    const value = given ?? text(argument.default) ?? (hint && `\${${toEnvName(hint)}}`);
    return value ? [value] : [];
  });
}

/** An input's fixed `value` with its `{variables}` filled in: a variable's own fixed value, else `${VARIABLE}`. */
function fixedValue(input: Json): string | undefined {
  if (typeof input.value !== "string") return undefined;
  return fill(input.value, (name) => declaredValue([input.variables], name, false));
}

function fill(template: string, known: (name: string) => string | undefined): string {
  return template.replace(TEMPLATE_VARIABLE, (_, name: string) => known(name) ?? `\${${toEnvName(name)}}`);
}

/** Variables a package declares by name: its arguments (by name or valueHint) and environment variables. */
function inputsOf(pkg: Json): Json[] {
  const inputs = [...objects(read(pkg, "runtimeArguments")), ...objects(read(pkg, "packageArguments")), ...objects(read(pkg, "environmentVariables"))];
  return inputs.map((input) => {
    const key = text(read(input, "valueHint")) ?? text(input.name)?.replace(/^-+/, "");
    return key ? { [key]: input } : {};
  });
}

function declaredValue(maps: unknown[], name: string, useDefault: boolean): string | undefined {
  for (const map of maps) {
    const input = isPlainObject(map) ? map[name] : undefined;
    if (!isPlainObject(input)) continue;
    const value = text(input.value) ?? (useDefault ? text(input.default) : undefined);
    if (value !== undefined) return value;
  }
  return undefined;
}

function objects(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isPlainObject) : [];
}
