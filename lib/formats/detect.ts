import type { FieldError } from "../errors";
import { convertMcpJson, matchesMcpJson } from "./mcp-json";
import { convertMcpRegistry, matchesMcpRegistry } from "./mcp-registry";
import { convertMcpServers, matchesMcpServers } from "./mcp-servers";
import { mapServerNames } from "./names";
import { convertNative, matchesNative } from "./native";
import { convertOfficial, matchesOfficial } from "./official";
import { parseText } from "./parse-text";
import { introducedPlaceholders, replaceLiteralSecrets } from "./secrets";
import { convertServerJson, matchesServerJson } from "./server-json";
import { IMPORT_FORMATS, type ImportFormat } from "../schemas/import";
import type { ConvertedBundle, Converter } from "./types";
import { convertUnified, matchesUnified } from "./unified";
import { convertVscode, matchesVscode } from "./vscode";

/** In detection order (DESIGN §6): the first format whose shape the document has wins. */
const FORMATS: Record<ImportFormat, { matches: (document: unknown) => boolean; convert: Converter }> = {
  native: { matches: matchesNative, convert: convertNative },
  official: { matches: matchesOfficial, convert: convertOfficial },
  unified: { matches: matchesUnified, convert: convertUnified },
  "mcp-json": { matches: matchesMcpJson, convert: convertMcpJson },
  "mcp-registry": { matches: matchesMcpRegistry, convert: convertMcpRegistry },
  vscode: { matches: matchesVscode, convert: convertVscode },
  "mcp-servers": { matches: matchesMcpServers, convert: convertMcpServers },
  "server-json": { matches: matchesServerJson, convert: convertServerJson },
};

export type ConvertOptions = {
  /** Skip detection and read the document as this format. */
  format?: ImportFormat;
  /** Turn literal secrets in env/headers into `${SERVER_KEY}` placeholders (DESIGN §6, §7). */
  secretsToPlaceholders?: boolean;
  /** Unified format: the capability its tools become (DESIGN §11; default `unified-import`). */
  capability?: string;
};

export function detectFormat(document: unknown): ImportFormat | null {
  return IMPORT_FORMATS.find((format) => FORMATS[format].matches(document)) ?? null;
}

/**
 * Text in any import format → servers in Patchbay's shape, not yet validated. Names outside the name pattern are
 * mapped (and listed in `renamed`), and an entry without a description gets "Imported from <format>".
 */
export function convert(text: string, options: ConvertOptions = {}): ConvertedBundle {
  const parsed = parseText(text);
  if (!parsed.ok) return failed(options.format ?? null, parsed.error);

  const format = options.format ?? detectFormat(parsed.value);
  if (!format) {
    return failed(null, { path: "", message: `is in no known format; pass one of ${IMPORT_FORMATS.join(", ")}` });
  }

  const draft = FORMATS[format].convert(parsed.value, { capability: options.capability });
  const { servers, renamed, errors } = mapServerNames(draft.servers);
  const placeholders: Record<string, string[]> = {};
  return {
    format,
    servers: servers.map(({ server }) => {
      const described = withDescription(server, format);
      if (!options.secretsToPlaceholders) return described;
      const replaced = replaceLiteralSecrets(described);
      const introduced = introducedPlaceholders(described, replaced);
      if (introduced.length > 0) placeholders[server.name] = introduced;
      return replaced;
    }),
    placeholders,
    capabilities: draft.capabilities,
    agents: draft.agents,
    renamed,
    skipped: draft.skipped,
    errors: [...draft.errors, ...errors],
  };
}

/** The default description goes right after the name, where a written one would be. */
function withDescription(server: Record<string, unknown> & { name: string }, format: ImportFormat): Record<string, unknown> {
  if (typeof server.description === "string" && server.description.trim() !== "") return server;
  const { name, description: _blank, ...rest } = server;
  return { name, description: `Imported from ${format}`, ...rest };
}

function failed(format: ImportFormat | null, error: FieldError): ConvertedBundle {
  return { format, servers: [], capabilities: [], agents: [], renamed: [], skipped: [], errors: [error], placeholders: {} };
}
