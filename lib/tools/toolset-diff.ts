import { isDeepStrictEqual } from "node:util";

import { compareCodeUnits } from "./fingerprint";
import { TOOL_DEFINITION_FIELDS, type ToolDefinition, type ToolDefinitionField } from "./tool-definition";

/** What changed between two sets of named definitions (tools, prompts): by name, with the keys that differ. */
export type ChangedDefinition<D, F extends string> = { name: string; fields: F[]; before: D; after: D };
export type DefinitionSetDiff<D, F extends string> = { added: string[]; removed: string[]; changed: ChangedDefinition<D, F>[] };

export type ChangedTool = ChangedDefinition<ToolDefinition, ToolDefinitionField>;
export type ToolsetDiff = DefinitionSetDiff<ToolDefinition, ToolDefinitionField>;

/** What changed from the pinned toolset to the current one, by tool name; names in UTF-16 code unit order. */
export function diffToolsets(pinned: Record<string, ToolDefinition>, current: Record<string, ToolDefinition>): ToolsetDiff {
  return diffDefinitionSets(pinned, current, TOOL_DEFINITION_FIELDS);
}

/**
 * What changed from the pinned set to the current one, by name (UTF-16 code unit order): `fields` are the keys of
 * the fingerprinted object that differ, in the order `fields` lists them.
 */
export function diffDefinitionSets<D extends object, F extends keyof D & string>(
  pinned: Record<string, D>, current: Record<string, D>, fields: readonly F[],
): DefinitionSetDiff<D, F> {
  const names = (set: Record<string, D>) => Object.keys(set).sort(compareCodeUnits);
  const added = names(current).filter((name) => !Object.hasOwn(pinned, name));
  const removed = names(pinned).filter((name) => !Object.hasOwn(current, name));
  const changed: ChangedDefinition<D, F>[] = [];
  for (const name of names(current)) {
    if (!Object.hasOwn(pinned, name)) continue;
    const before = pinned[name];
    const after = current[name];
    const differing = fields.filter((field) => !isDeepStrictEqual(before[field], after[field]));
    if (differing.length > 0) changed.push({ name, fields: differing, before, after });
  }
  return { added, removed, changed };
}

export function isEmptyDiff(diff: DefinitionSetDiff<unknown, string>): boolean {
  return diff.added.length === 0 && diff.removed.length === 0 && diff.changed.length === 0;
}
