import { parse as parseYaml } from "yaml";

import type { ApiOperation } from "../schemas/api-reference";
import { isPlainObject } from "../schemas/server-fields";

export type OpenApiSummary = { title: string | null; version: string | null; operations: ApiOperation[] };

/** Why a document is not one Patchbay can list; the message is shown as is (it quotes nothing of the URL). */
export class NotOpenApiError extends Error {
  override readonly name = "NotOpenApiError";
}

/** The HTTP methods a path item may hold (OpenAPI 2.0 to 3.1), in the order the page lists them. */
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
const SUMMARY_CHARS = 200;

/**
 * An OpenAPI (3.x) or Swagger (2.0) document, JSON or YAML, as its title, version and operations in the order
 * its `paths` lists them. Throws NotOpenApiError when the text does not parse or is not such a document.
 */
export function summarizeOpenApi(text: string): OpenApiSummary {
  const document = parseDocument(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  if (!isPlainObject(document)) throw new NotOpenApiError("the document is not an object");
  const isOpenApi = typeof document.openapi === "string" && /^3\./.test(document.openapi);
  const isSwagger = document.swagger === "2.0";
  if (!isOpenApi && !isSwagger) throw new NotOpenApiError("the document has no `openapi: 3.x` (or `swagger: \"2.0\"`) field");
  if (document.paths !== undefined && !isPlainObject(document.paths)) throw new NotOpenApiError("`paths` is not an object");

  const info = isPlainObject(document.info) ? document.info : {};
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!isPlainObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isPlainObject(operation)) continue;
      operations.push({ method: method.toUpperCase(), path, summary: shortText(operation.summary), operation_id: shortText(operation.operationId) });
    }
  }
  return { title: shortText(info.title), version: scalarText(info.version), operations };
}

/** JSON first (the common case, and strict); YAML otherwise (a superset, so JSON that YAML reads is read too). */
function parseDocument(text: string): unknown {
  // A documentation site often answers its HTML page where a document was meant: say so, not "not an object".
  if (/^\s*</.test(text)) throw new NotOpenApiError("the document is HTML (or XML), not OpenAPI");
  if (/^\s*[{[]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      // Flow-style YAML starts with `{` as well: YAML below reads it, or says why not.
    }
  }
  try {
    // Aliases are bounded (the library's default of 100), so a "billion laughs" document cannot blow up memory.
    return parseYaml(text, { maxAliasCount: 100, prettyErrors: false });
  } catch (error) {
    throw new NotOpenApiError(`the document is neither JSON nor YAML (${firstLine((error as Error).message)})`);
  }
}

function shortText(value: unknown): string | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  const trimmed = value.trim();
  return trimmed.length > SUMMARY_CHARS ? `${trimmed.slice(0, SUMMARY_CHARS - 1)}…` : trimmed;
}

/** `info.version` is a string by the spec, but YAML reads an unquoted `1.0` as a number. */
function scalarText(value: unknown): string | null {
  return typeof value === "number" ? String(value) : shortText(value);
}

function firstLine(message: string): string {
  return message.split("\n")[0].slice(0, SUMMARY_CHARS);
}
