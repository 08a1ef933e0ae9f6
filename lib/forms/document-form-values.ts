import type { McpServerReferences } from "../schemas/reference";
import { toReferenceRows, toReferences, type ReferenceRow } from "./reference-rows";

/** A capability or agent as its edit form loads it (`capabilities` only on agents). */
export type EditableDocument = { name: string; description: string; tags?: string[]; capabilities?: string[]; mcp_servers?: McpServerReferences; revision: number };

/** What the capability and agent forms hold; `references` are the `mcp_servers` rows. */
export type DocumentFormValues = { name: string; description: string; tags: string[]; capabilities: string[]; references: ReferenceRow[] };

export function toDocumentFormValues(initial?: EditableDocument): DocumentFormValues {
  return {
    name: initial?.name ?? "",
    description: initial?.description ?? "",
    tags: initial?.tags ?? [],
    capabilities: initial?.capabilities ?? [],
    references: toReferenceRows(initial?.mcp_servers),
  };
}

/** The POST/PUT body the form describes; only agents (`hasCapabilities`) send `capabilities`. */
export function toDocumentInput(values: DocumentFormValues, hasCapabilities: boolean): Record<string, unknown> {
  return {
    name: values.name.trim(),
    description: values.description,
    tags: values.tags,
    ...(hasCapabilities ? { capabilities: values.capabilities } : {}),
    mcp_servers: toReferences(values.references),
  };
}
