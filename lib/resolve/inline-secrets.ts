import { referenceFormOf } from "../schemas/reference";
import { isPlainObject } from "../schemas/server-fields";
import { literalSecretValues, maskLiteralSecretsInConfig } from "./literal-secrets";
import { movedLiteralSecrets } from "./secret-destinations";

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

/**
 * DESIGN §14 for a document's inline configs, alias by alias, by the servers' own rule (movedLiteralSecrets): the
 * literal secrets `after` would send elsewhere than `before` does and that `supplied` (the PUT body or merge patch;
 * null for a restore) does not supply anew. An alias that was no inline config before had no destination. Named as
 * `mcp_servers.<alias>.headers.X-Api-Key`.
 */
export function movedInlineSecrets(before: Document, after: Document, supplied: unknown): string[] {
  if (!isPlainObject(after.mcp_servers)) return [];
  const given = isPlainObject(supplied) && isPlainObject(supplied.mcp_servers) ? supplied.mcp_servers : null;
  return Object.keys(after.mcp_servers).flatMap((alias) => {
    const config = inlineConfigOf(after, alias);
    if (!config) return [];
    const moved = movedLiteralSecrets({ transport: inlineConfigOf(before, alias) ?? {} }, { transport: config }, given && { transport: given[alias] });
    return moved.map((key) => `mcp_servers.${alias}.${key}`);
  });
}

function inlineConfigOf(document: Document, alias: string): Record<string, unknown> | null {
  const value = isPlainObject(document.mcp_servers) ? document.mcp_servers[alias] : undefined;
  return isPlainObject(value) && referenceFormOf(value) === "inline" ? value : null;
}
