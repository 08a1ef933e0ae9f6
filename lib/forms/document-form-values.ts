import type { McpServerReferences } from "../schemas/reference";
import type { ToolNames } from "../schemas/tool-names";
import { toReferenceRows, toReferences, type ReferenceRow } from "./reference-rows";

/** A capability or agent as its edit form loads it (`capabilities` only on agents). */
export type EditableDocument = { name: string; description: string; tags?: string[]; capabilities?: string[]; mcp_servers?: McpServerReferences; tools?: unknown; tool_names?: ToolNames; isolation?: "gateway"; users?: string[]; revision: number };

/**
 * What the capability and agent forms hold; `references` are the `mcp_servers` rows, `tools` a capability's `tools`
 * as JSON text. `tool_names` (DESIGN §16) and an agent's `isolation` (§19) have no field: they are kept as loaded,
 * so saving does not drop them (an isolated agent saved from the form stays isolated). An agent's `users` (DESIGN
 * §18) are sent only when it lists any: an empty list restricts nobody, and is left out.
 */
export type DocumentFormValues = { name: string; description: string; tags: string[]; capabilities: string[]; users: string[]; references: ReferenceRow[]; tools: string; tool_names?: ToolNames; isolation?: "gateway" };

export function toDocumentFormValues(initial?: EditableDocument): DocumentFormValues {
  return {
    name: initial?.name ?? "",
    description: initial?.description ?? "",
    tags: initial?.tags ?? [],
    capabilities: initial?.capabilities ?? [],
    users: initial?.users ?? [],
    references: toReferenceRows(initial?.mcp_servers),
    tools: initial?.tools === undefined ? "" : JSON.stringify(initial.tools, null, 2),
    ...(initial?.tool_names ? { tool_names: initial.tool_names } : {}),
    ...(initial?.isolation ? { isolation: initial.isolation } : {}),
  };
}

/** The POST/PUT body the form describes; only agents (`hasCapabilities`) send `capabilities`. */
export function toDocumentInput(values: DocumentFormValues, hasCapabilities: boolean): Record<string, unknown> {
  return {
    name: values.name.trim(),
    description: values.description,
    tags: values.tags,
    ...(hasCapabilities ? { capabilities: values.capabilities } : {}),
    ...(hasCapabilities && values.users.length > 0 ? { users: values.users } : {}),
    mcp_servers: toReferences(values.references),
    ...(hasCapabilities || values.tools.trim() === "" ? {} : { tools: parseToolsText(values.tools) }),
    ...(values.tool_names ? { tool_names: values.tool_names } : {}),
    ...(values.isolation ? { isolation: values.isolation } : {}),
  };
}

/** A capability's `tools` as typed; text that is not JSON goes on as text, so the schema names `/tools`. */
function parseToolsText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
