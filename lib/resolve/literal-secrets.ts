import type { FieldError } from "../errors";
import { AUTH_SCHEME, isLiteralSecret } from "../schemas/secrets";
import { isPlainObject } from "../schemas/server-fields";
import { MASK } from "./types";

type Definition = Record<string, unknown>;
type Visit = (map: Record<string, unknown>, key: string, path: string) => void;

/** Literal secrets typed into a definition: stored, but warned about with a way out (DESIGN §7). */
export function findLiteralSecrets(server: Definition): FieldError[] {
  const warnings: FieldError[] = [];
  visitLiteralSecrets(server, (_map, key, path) => {
    warnings.push({ path, message: `'${key}' looks like a literal secret; store it as a \${VAR} placeholder so it stays out of the registry` });
  });
  return warnings;
}

/** The values of every literal secret, for scrubbing what a probe of this server reports. */
export function literalSecretValues(server: Definition): string[] {
  const values: string[] = [];
  visitLiteralSecrets(server, (map, key) => {
    const value = String(map[key]);
    values.push(value.replace(AUTH_SCHEME, ""));
  });
  return values;
}

/** A copy with every literal secret shown as `••••` (an auth scheme such as `Bearer ` is kept). */
export function maskLiteralSecrets<T extends Definition>(server: T): T {
  const copy = structuredClone(server);
  visitLiteralSecrets(copy, (map, key) => {
    const value = String(map[key]);
    map[key] = `${AUTH_SCHEME.exec(value)?.[0] ?? ""}${MASK}`;
  });
  return copy;
}

/** Transport-shaped objects too (a resolved config): headers and env at the top. */
export function maskLiteralSecretsInConfig<T extends Definition>(config: T): T {
  return (maskLiteralSecrets({ transport: config }) as { transport: T }).transport;
}

function visitLiteralSecrets(server: Definition, visit: Visit) {
  const transports: [Record<string, unknown>, string][] = [];
  if (isPlainObject(server.transport)) transports.push([server.transport, "/transport"]);
  if (isPlainObject(server.environments)) {
    for (const [name, override] of Object.entries(server.environments)) {
      if (isPlainObject(override)) transports.push([override, `/environments/${name}`]);
    }
  }
  for (const [transport, base] of transports) {
    for (const field of ["headers", "env"]) {
      const map = transport[field];
      if (!isPlainObject(map)) continue;
      for (const [key, value] of Object.entries(map)) {
        if (isLiteralSecret(key, value)) visit(map, key, `${base}/${field}/${key}`);
      }
    }
  }
}
