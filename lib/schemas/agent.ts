import { z } from "zod";

import { descriptionSchema, entityNameSchema, environmentNameSchema, jsonObjectSchema, labelListSchema } from "./common";
import { documentSchemas, documentSummaryFields } from "./document";
import { mcpServersSchema, referenceFormOf } from "./reference";
import { fieldErrorSchema } from "./server-output";
import { toolNamesSchema } from "./tool-names";

/** An email, or a group of the identity provider's claim (DESIGN §18); groups may hold commas and spaces inside. */
const personOrGroupSchema = z
  .string()
  .min(1, "must not be empty")
  .max(320, "must be at most 320 characters")
  .regex(/^\S(.*\S)?$/, "must not start or end with a space");

/**
 * DESIGN §18: people who may use the agent's gateway besides those whose role uses gateways (runner, editor, admin):
 * by email (case ignored) or identity-provider group, so a viewer it names may use it (lib/gateway/agent-users.ts).
 */
export const agentUsersSchema = z
  .array(personOrGroupSchema)
  .max(500, "at most 500 entries")
  .refine((list) => new Set(list).size === list.length, { message: "must not repeat an entry" })
  .describe("emails or identity-provider groups: people who may use the agent's gateway whatever their role (runners, editors and admins always may)");

/** An agent (seed 003 `agent.json`): capabilities by name, plus server references of its own. Strict. */
export const agentInputSchema = z.strictObject({
  name: entityNameSchema,
  description: descriptionSchema,
  capabilities: z
    .array(entityNameSchema)
    .max(200, "at most 200 entries")
    .refine((names) => new Set(names).size === names.length, { message: "must not repeat a capability" })
    .optional(),
  mcp_servers: mcpServersSchema.optional(),
  tags: labelListSchema.optional(),
  tool_names: toolNamesSchema.optional(),
  /**
   * Seed 000's gateway isolation, enforced (DESIGN §19): `gateway` makes the agent's blueprint, for every role,
   * hold only its gateway endpoint — never an upstream URL, header or credential.
   */
  isolation: z.literal("gateway").optional().describe("`gateway`: the blueprint holds only the agent's gateway endpoint"),
  users: agentUsersSchema.optional(),
});
export type AgentInput = z.infer<typeof agentInputSchema>;

/**
 * With `isolation: gateway`, registry references only: its gateway serves no inline config, and the stored agent
 * would carry one to runners. Checked on every write (the body, and lib/registry/agents.ts after a merge patch), not
 * in the shape itself, which the blueprint's resolved (inline-looking) `mcp_servers` extend.
 */
function refuseInlineWhenIsolated(agent: AgentInput, ctx: z.RefinementCtx): void {
  if (agent.isolation !== "gateway" || Array.isArray(agent.mcp_servers)) return;
  for (const [alias, value] of Object.entries(agent.mcp_servers ?? {})) {
    if (referenceFormOf(value) !== "inline") continue;
    ctx.addIssue({ code: "custom", path: ["mcp_servers", alias], message: "an agent with isolation: gateway takes registry references only, not an inline config" });
  }
}

/** What an agent must be to be written. */
export const agentWriteSchema = agentInputSchema.superRefine(refuseInlineWhenIsolated);

const agentDocuments = documentSchemas(agentInputSchema);
export const agentBodySchema = agentDocuments.body.superRefine(refuseInlineWhenIsolated);
export const storedAgentSchema = agentDocuments.stored;
export type StoredAgent = z.infer<typeof storedAgentSchema>;

export const agentSummarySchema = z.object({ ...documentSummaryFields, capabilities: z.array(z.string()) });
export type AgentSummary = z.infer<typeof agentSummarySchema>;

/** In the agents list: whether each resolves for the registry's own environment without parameters. */
export const agentResolutionSchema = z.object({
  resolves: z.boolean(),
  warnings: z.number().int().describe("how many warnings the blueprint carries when it resolves"),
  problem: z.string().nullable().describe("why it does not resolve, as the blueprint request would answer"),
});
export type AgentResolution = z.infer<typeof agentResolutionSchema>;

export const agentListSchema = z.object({
  agents: z.array(agentSummarySchema.extend({ resolution: agentResolutionSchema })),
  next_cursor: z.string().nullable(),
});

export const CLIENT_FORMATS = ["claude", "cursor", "vscode"] as const;
export type ClientFormat = (typeof CLIENT_FORMATS)[number];

/** POST /api/agents/{name}/blueprint: run-time parameters by alias, and session context. */
export const blueprintBodySchema = z.strictObject({
  environment: environmentNameSchema.optional(),
  parameters: z.record(z.string(), jsonObjectSchema).optional().describe("run-time parameters by alias"),
  context: jsonObjectSchema.optional().describe("session context; fills only parameters a server's schema declares"),
});
export type BlueprintRequest = z.infer<typeof blueprintBodySchema>;

export const blueprintQuerySchema = z.strictObject({
  format: z.enum(CLIENT_FORMATS).optional().describe("a client's config file instead of the blueprint"),
});

/** The agent with `mcp_servers` resolved to one flat client config per alias. */
export const blueprintSchema = z.object({
  agent: storedAgentSchema.safeExtend({ mcp_servers: z.record(z.string(), jsonObjectSchema) }),
  environment: z.string(),
  warnings: z.array(fieldErrorSchema),
});

export const clientFileSchema = z.union([
  z.object({ mcpServers: z.record(z.string(), jsonObjectSchema) }),
  z.object({ servers: z.record(z.string(), jsonObjectSchema) }),
]);
