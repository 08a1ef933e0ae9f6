import { referenceFormOf } from "../schemas/reference";
import { isPlainObject } from "../schemas/server-fields";
import { literalSecretValues, maskLiteralSecretsInConfig } from "./literal-secrets";

type Document = { mcp_servers?: unknown };

/**
 * A capability or agent with the literal secrets of its legacy inline configs masked (DESIGN §7: masked to
 * viewers and editors everywhere, inline configs alike). References by name carry no secrets.
 */
export function maskInlineSecrets<T extends object>(document: T): T {
  const references = (document as Document).mcp_servers;
  if (!isPlainObject(references)) return document;
  const entries = Object.entries(references).map(([alias, value]) =>
    [alias, referenceFormOf(value) === "inline" ? maskLiteralSecretsInConfig(value as Record<string, unknown>) : value]);
  return { ...document, mcp_servers: Object.fromEntries(entries) };
}

/** The literal secret values of a document's inline configs. */
export function inlineSecretValues(document: Document): string[] {
  if (!isPlainObject(document.mcp_servers)) return [];
  return Object.values(document.mcp_servers)
    .filter((value) => referenceFormOf(value) === "inline")
    .flatMap((value) => literalSecretValues({ transport: value as Record<string, unknown> }));
}
