import type { FieldError } from "../errors";
import { AUTH_SCHEME, isLiteralSecret, literalParts } from "../schemas/secrets";
import { isPlainObject } from "../schemas/server-fields";
import { MASK } from "./types";
import { maskUrlSecrets, urlSecrets, urlSecretValues } from "./url-secrets";

type Definition = Record<string, unknown>;
type Visit = (map: Record<string, unknown>, key: string, path: string) => void;

/** Literal secrets typed into a definition: stored, but warned about with a way out (DESIGN §7). */
export function findLiteralSecrets(server: Definition): FieldError[] {
  const warnings: FieldError[] = [];
  visitLiteralSecrets(server, (_map, key, path) => {
    warnings.push({ path, message: `'${key}' looks like a literal secret; store it as a \${VAR} placeholder so it stays out of the registry` });
  });
  visitUrls(server, (transport, path) => {
    for (const { place } of urlSecrets(transport.url as string)) {
      const what = place === "password" ? "the password" : `'${place.slice("query.".length)}'`;
      warnings.push({ path: `${path}/url`, message: `${what} in the URL looks like a literal secret; store it as a \${VAR} placeholder so it stays out of the registry` });
    }
  });
  return warnings;
}

/**
 * The values of every literal secret, those written into a URL included, for scrubbing what a probe of this server
 * reports: their literal parts (lib/schemas/secrets.ts `literalParts`), as they are sent — a value that also holds
 * references (`${TENANT}-sk-live-1`) is sent with them filled in, so its literal part (`-sk-live-1`) is what to find.
 */
export function literalSecretValues(server: Definition): string[] {
  const values: string[] = [];
  visitLiteralSecrets(server, (map, key) => {
    values.push(...literalParts(String(map[key])));
  });
  visitUrls(server, (transport) => values.push(...urlSecretValues(transport.url as string)));
  return values;
}

/**
 * A copy with every literal secret shown as `••••`, whole — the references beside a literal part too (`${TENANT}-sk-1`
 * is `••••`): an auth scheme such as `Bearer ` is kept, and a URL keeps all but its password and its secret-looking
 * query values.
 */
export function maskLiteralSecrets<T extends Definition>(server: T): T {
  const copy = structuredClone(server);
  visitLiteralSecrets(copy, (map, key) => {
    const value = String(map[key]);
    map[key] = `${AUTH_SCHEME.exec(value)?.[0] ?? ""}${MASK}`;
  });
  visitUrls(copy, (transport) => {
    transport.url = maskUrlSecrets(transport.url as string);
  });
  return copy;
}

/** Transport-shaped objects too (a resolved config): url, headers and env at the top. */
export function maskLiteralSecretsInConfig<T extends Definition>(config: T): T {
  return (maskLiteralSecrets({ transport: config }) as { transport: T }).transport;
}

/** The base transport and every environment override, with where they sit. */
function transportsOf(server: Definition): [Record<string, unknown>, string][] {
  const transports: [Record<string, unknown>, string][] = [];
  if (isPlainObject(server.transport)) transports.push([server.transport, "/transport"]);
  if (isPlainObject(server.environments)) {
    for (const [name, override] of Object.entries(server.environments)) {
      if (isPlainObject(override)) transports.push([override, `/environments/${name}`]);
    }
  }
  return transports;
}

function visitLiteralSecrets(server: Definition, visit: Visit) {
  for (const [transport, base] of transportsOf(server)) {
    for (const field of ["headers", "env"]) {
      const map = transport[field];
      if (!isPlainObject(map)) continue;
      for (const [key, value] of Object.entries(map)) {
        if (isLiteralSecret(key, value)) visit(map, key, `${base}/${field}/${key}`);
      }
    }
  }
}

function visitUrls(server: Definition, visit: (transport: Record<string, unknown>, path: string) => void) {
  for (const [transport, path] of transportsOf(server)) {
    if (typeof transport.url === "string") visit(transport, path);
  }
}
