import { z } from "zod";

import { jsonObjectSchema } from "./common";
import { fieldErrorSchema } from "./server-output";

/** Where an effective tool comes from (DESIGN §11): hidden default keys, never their values. */
export const toolOriginSchema = z.object({
  place: z.string().describe("where the tool is claimed: 'capability <name>' or 'agent <name>'"),
  alias: z.string(),
  server: z.string(),
  upstream_tool: z.string().describe("the name the upstream server knows (original_name, else the tool's name)"),
  chain: z.array(z.string()).describe("virtual names from this tool to its base 'alias.tool'; empty for a base tool"),
  hidden_default_keys: z.array(z.string()).describe("arguments the gateway injects; removed from input_schema"),
});

export const effectiveToolSchema = z.object({
  name: z.string().describe("the advertised name: 'alias.tool' by default, the tool's own under names: 'bare', with the target's tool_names separator (portable, at most 64 characters) otherwise; or the virtual tool's name"),
  title: z.string().optional(),
  description: z.string().optional(),
  input_schema: jsonObjectSchema,
  output_schema: jsonObjectSchema.optional(),
  annotations: jsonObjectSchema.optional(),
  version: z.string().optional().describe("the version the server's definition declares for the tool (seed 004)"),
  origin: toolOriginSchema,
});

/** GET /api/capabilities/{name}/tools and /api/agents/{name}/tools. */
export const effectiveToolsSchema = z.object({
  name: z.string(),
  environment: z.string(),
  tools: z.array(effectiveToolSchema),
  errors: z.array(fieldErrorSchema).describe("sources naming no tool, unknown servers, advertised names claimed twice (naming both places; the later claim is not exposed)"),
});
export type EffectiveToolsBody = z.infer<typeof effectiveToolsSchema>;
