import { ApiError } from "../errors";
import type { AgentResolution } from "../schemas/agent";
import { resolveAgent } from "./blueprints";

const MASKED = { canReadBlueprintSecrets: false, canReadStoredSecrets: false } as const;

/**
 * Does the agent resolve in the registry's own environment, as a runner asking for its blueprint without
 * parameters would see it? Refusals the API would answer (422 unresolvable, 409 alias conflict, 404 missing
 * reference) become `resolves: false` with the API's own sentence; anything else is a real failure.
 */
export async function agentResolution(name: string): Promise<AgentResolution> {
  try {
    const { body } = await resolveAgent(name, {}, MASKED);
    return { resolves: true, warnings: body.warnings.length, problem: null };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { resolves: false, warnings: 0, problem: error.message };
    throw error;
  }
}
