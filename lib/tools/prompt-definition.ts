import type { ProbePrompt } from "../mcp/list-prompts";
import { diffDefinitionSets, type DefinitionSetDiff } from "./toolset-diff";

/**
 * A prompt's fingerprinted object (DESIGN §16, as a tool's of §11): `{name, title?, description?, arguments?,
 * icons?}`, fields the server did not send (or sent as null) left out, keys in this fixed order.
 */
export type PromptDefinition = { name: string; title?: string; description?: string; arguments?: unknown[]; icons?: unknown[] };

/** The keys of a PromptDefinition, in the order drift reports changed fields. */
export const PROMPT_DEFINITION_FIELDS = ["name", "title", "description", "arguments", "icons"] as const;
export type PromptDefinitionField = (typeof PROMPT_DEFINITION_FIELDS)[number];

export function toPromptDefinition(prompt: ProbePrompt): PromptDefinition {
  const ordered: Record<string, unknown> = {};
  for (const field of PROMPT_DEFINITION_FIELDS) if (prompt[field] != null) ordered[field] = prompt[field];
  return ordered as PromptDefinition;
}

export type PromptsetDiff = DefinitionSetDiff<PromptDefinition, PromptDefinitionField>;

/** What changed from the pinned prompts to the current ones, by name, as tools drift (DESIGN §11). */
export function diffPromptsets(pinned: Record<string, PromptDefinition>, current: Record<string, PromptDefinition>): PromptsetDiff {
  return diffDefinitionSets(pinned, current, PROMPT_DEFINITION_FIELDS);
}
