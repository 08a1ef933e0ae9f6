import { isDeepStrictEqual } from "node:util";

import { compareCodeUnits } from "./fingerprint";
import { TOOL_DEFINITION_FIELDS, type ToolDefinition, type ToolDefinitionField } from "./tool-definition";

export type ChangedTool = { name: string; fields: ToolDefinitionField[]; before: ToolDefinition; after: ToolDefinition };
export type ToolsetDiff = { added: string[]; removed: string[]; changed: ChangedTool[] };

/** What changed from the pinned toolset to the current one, by tool name; names in UTF-16 code unit order. */
export function diffToolsets(pinned: Record<string, ToolDefinition>, current: Record<string, ToolDefinition>): ToolsetDiff {
  const names = (tools: Record<string, ToolDefinition>) => Object.keys(tools).sort(compareCodeUnits);
  const added = names(current).filter((name) => !(name in pinned));
  const removed = names(pinned).filter((name) => !(name in current));
  const changed: ChangedTool[] = [];
  for (const name of names(current)) {
    const before = pinned[name];
    const after = current[name];
    if (!before) continue;
    const fields = TOOL_DEFINITION_FIELDS.filter((field) => !isDeepStrictEqual(before[field], after[field]));
    if (fields.length > 0) changed.push({ name, fields, before, after });
  }
  return { added, removed, changed };
}

export function isEmptyDiff(diff: ToolsetDiff): boolean {
  return diff.added.length === 0 && diff.removed.length === 0 && diff.changed.length === 0;
}
