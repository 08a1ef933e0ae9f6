import type { PromptPolicy, ResourcePolicy } from "../schemas/server-behaviour";
import { findGlobRule } from "./policy-decision";

/**
 * Whether the gateway offers prompt `name` of a server (DESIGN §16): `prompt_policy.prompts`' entry for its exact
 * name, else the longest glob that matches it (the tool-name dialect: `*` any run, `?` one); enabled when none does.
 */
export function promptEnabled(policy: PromptPolicy | undefined, name: string): boolean {
  return findGlobRule(policy?.prompts, name)?.entry.enabled ?? true;
}

/** Whether the gateway offers the resource (or template) at `uri`: `resource_policy.resources`, by the same rule. */
export function resourceEnabled(policy: ResourcePolicy | undefined, uri: string): boolean {
  return findGlobRule(policy?.resources, uri)?.entry.enabled ?? true;
}
