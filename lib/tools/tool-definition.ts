import type { ProbeTool } from "../mcp/types";
import type { ListedTool } from "../resolve/effective-tools";

/**
 * The fingerprinted object of DESIGN §11, snake_case, fields the server did not send left out (so an absent
 * title and a null one fingerprint alike).
 */
export type ToolDefinition = ListedTool & { icons?: unknown[] };

/** The keys of a ToolDefinition, in the order drift reports changed fields. */
export const TOOL_DEFINITION_FIELDS = ["name", "title", "description", "input_schema", "output_schema", "annotations", "icons"] as const;
export type ToolDefinitionField = (typeof TOOL_DEFINITION_FIELDS)[number];

export function toToolDefinition(tool: ProbeTool): ToolDefinition {
  const definition: ToolDefinition = { name: tool.name, input_schema: tool.input_schema };
  if (tool.title != null) definition.title = tool.title;
  if (tool.description != null) definition.description = tool.description;
  if (tool.output_schema != null) definition.output_schema = tool.output_schema;
  if (tool.annotations != null) definition.annotations = tool.annotations;
  if (tool.icons != null) definition.icons = tool.icons;
  return { ...pick(definition) };
}

/** In the fixed field order, so stored JSON reads the same whatever order the server sent. */
function pick(definition: ToolDefinition): ToolDefinition {
  const ordered: Record<string, unknown> = {};
  for (const field of TOOL_DEFINITION_FIELDS) if (definition[field] !== undefined) ordered[field] = definition[field];
  return ordered as ToolDefinition;
}

/** The annotation hints declared true (`readOnlyHint`, `destructiveHint`, …): what `?annotation=` filters on. */
export function trueHints(definition: ToolDefinition): string[] {
  return Object.entries(definition.annotations ?? {}).filter(([, value]) => value === true).map(([key]) => key).sort();
}
