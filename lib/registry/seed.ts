import { getDb } from "../db";
import { agentInputSchema } from "../schemas/agent";
import { capabilityServerInputSchema as capabilityInputSchema } from "../schemas/capability-server";
import { getSecretKey } from "../secrets/secret-key";
import { serverInputSchema } from "../schemas/server";
import { variableInputSchema } from "../schemas/variable";
import { createAgent } from "./agents";
import { createCapability } from "./capabilities";
import { createServer } from "./servers";
import { createVariable } from "../variables/variables";

export type DemoData = { variables?: unknown[]; servers: unknown[]; capabilities: unknown[]; agents: unknown[] };

/**
 * Seeds demo data into an empty registry only — servers first, then the capabilities and agents that
 * reference them; returns how many entities were written.
 */
export async function seedDemoData({ variables = [], servers, capabilities, agents }: DemoData): Promise<number> {
  if ((await getDb().server.count()) > 0) return 0;

  const actor = { actor: "demo-seed" };
  const writes = [
    // On PostgreSQL without PATCHBAY_SECRET_KEY there is nothing to seal a demo secret with: it is left out.
    ...variables.map((variable) => variableInputSchema.parse(variable)).filter((input) => !input.secret || getSecretKey()).map((input) => () => createVariable(input, actor)),
    ...servers.map((server) => () => createServer(serverInputSchema.parse(server), actor)),
    ...capabilities.map((capability) => () => createCapability(capabilityInputSchema.parse(capability), actor)),
    ...agents.map((agent) => () => createAgent(agentInputSchema.parse(agent), actor)),
  ];
  let written = 0;
  for (const write of writes) {
    try {
      await write();
      written++;
    } catch (error) {
      // Another instance seeding the same empty database at the same moment wins the name.
      if ((error as { status?: number }).status !== 409) throw error;
    }
  }
  return written;
}
