import { toolFingerprint } from "./fingerprint";
import { trueHints, type ToolDefinition } from "./tool-definition";
import { toSearchText } from "../data/search-text";

/** A tool's fingerprinted object (DESIGN §11), its fingerprint and its stored JSON text. */
export type FingerprintedTool = { definition: ToolDefinition; fingerprint: string; text: string };

export function fingerprintTool(definition: ToolDefinition): FingerprintedTool {
  return { definition, fingerprint: toolFingerprint(definition), text: JSON.stringify(definition) };
}

/** One row of the CatalogTool table, discovered or declared. */
export type CatalogRow = ReturnType<typeof columnsOf> & { serverId: number; environment: string; name: string; firstSeenAt: Date; lastSeenAt: Date };

/** The stored columns of one fingerprinted tool: search text and annotation hints beside the definition. */
export function columnsOf(tool: FingerprintedTool) {
  const { name, title, description } = tool.definition;
  const hints = trueHints(tool.definition);
  return {
    fingerprint: tool.fingerprint, definition: tool.text,
    searchText: toSearchText([name, title ?? "", description ?? ""]),
    hints: hints.length > 0 ? `,${hints.join(",")},` : "",
  };
}
