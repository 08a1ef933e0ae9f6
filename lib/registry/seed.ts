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
/** The names this instance wrote, by kind. */
export type SeededDemo = Record<"variables" | "servers" | "capabilities" | "agents", string[]>;

/**
 * Seeds demo data into an empty registry only — servers first, then the capabilities and agents that
 * reference them; returns what was written (nothing when the registry was not empty).
 */
export async function seedDemoData({ variables = [], servers, capabilities, agents }: DemoData): Promise<SeededDemo> {
  const seeded: SeededDemo = { variables: [], servers: [], capabilities: [], agents: [] };
  if ((await getDb().server.count()) > 0) return seeded;

  const actor = { actor: "demo-seed" };
  const writes: (readonly [keyof SeededDemo, string, () => Promise<unknown>])[] = [
    // On PostgreSQL without PATCHBAY_SECRET_KEY there is nothing to seal a demo secret with: it is left out.
    ...variables.map((variable) => variableInputSchema.parse(variable)).filter((input) => !input.secret || getSecretKey())
      .map((input) => ["variables", input.name, () => createVariable(input, actor)] as const),
    ...servers.map((server) => serverInputSchema.parse(server)).map((input) => ["servers", input.name, () => createServer(input, actor)] as const),
    ...capabilities.map((capability) => capabilityInputSchema.parse(capability)).map((input) => ["capabilities", input.name, () => createCapability(input, actor)] as const),
    ...agents.map((agent) => agentInputSchema.parse(agent)).map((input) => ["agents", input.name, () => createAgent(input, actor)] as const),
  ];
  for (const [kind, name, write] of writes) {
    try {
      await write();
      seeded[kind].push(name);
    } catch (error) {
      // Another instance seeding the same empty database at the same moment wins the name.
      if ((error as { status?: number }).status !== 409) throw error;
    }
  }
  return seeded;
}
