import { z } from "zod";

import { jsonObjectSchema } from "./common";

/** Seed 001's `mcp_registry.json` shape, as GET /api/v1/mcp/registry answers it from the catalog. */
export const mcpRegistryViewSchema = z.object({
  environment: z.string().describe("the environment whose catalog the actions come from"),
  plugins: z.array(z.object({
    id: z.string().describe("the server's name"),
    transport: z.enum(["http", "sse", "stdio"]),
    endpoint: z.string().optional().describe("http and sse: the URL template"),
    command: z.string().optional().describe("stdio: the command"),
    actions: z.array(z.object({
      name: z.string().describe("server.tool: what /api/v1/mcp/test and /api/invoke accept as an action of a capability referencing the server"),
      description: z.string().optional(),
      input_schema: jsonObjectSchema,
      output_schema: jsonObjectSchema.optional(),
      timeout_ms: z.int(),
      retry: z.object({ retries: z.int(), backoff: z.literal("exponential"), min_ms: z.int(), max_ms: z.int() }),
    })),
  })),
});
export type McpRegistryView = z.infer<typeof mcpRegistryViewSchema>;
