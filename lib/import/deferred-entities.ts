import type { Skipped } from "../formats/types";

export const DEFERRED_REASON = "capabilities and agents import arrives with the coordinator API";

/**
 * Capabilities and agents of a bundle, reported as skipped until their data layer can take them. This is the
 * one place to swap for their importers: check, plan and write them beside the servers, in the same transaction.
 */
export function deferredEntities(bundle: { capabilities: unknown[]; agents: unknown[] }): Skipped[] {
  return [
    ...bundle.capabilities.map((entry, index) => ({ name: nameOf(entry, `capabilities/${index}`), reason: DEFERRED_REASON })),
    ...bundle.agents.map((entry, index) => ({ name: nameOf(entry, `agents/${index}`), reason: DEFERRED_REASON })),
  ];
}

function nameOf(entry: unknown, fallback: string): string {
  const name = (entry as { name?: unknown } | null)?.name;
  return typeof name === "string" && name !== "" ? name : fallback;
}
