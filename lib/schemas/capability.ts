import { z } from "zod";

import { defineCapabilityToolsSchema } from "./capability-tools";
import { descriptionSchema, entityNameSchema, labelListSchema } from "./common";
import { documentSchemas, documentSummaryFields } from "./document";
import { checkJsonSchemaShape } from "./json-schema-shape";
import { mcpServersSchema } from "./reference";
import type { JsonSchemaCheck } from "./server-fields";
import { toolNamesSchema } from "./tool-names";

/**
 * A capability (seed 003 `capability.json`): a named bundle of server references, and the tools it exposes
 * (DESIGN §11). Strict. Built around a JSON Schema check: the API validates virtual tools' `output_schema`
 * with Ajv (lib/schemas/capability-server.ts), the browser's form with the eval-free check.
 */
function defineCapabilityObject(checkJsonSchema: JsonSchemaCheck) {
  return z.strictObject({
    name: entityNameSchema,
    description: descriptionSchema,
    mcp_servers: mcpServersSchema.optional(),
    tags: labelListSchema.optional(),
    tools: defineCapabilityToolsSchema(checkJsonSchema).optional(),
    tool_names: toolNamesSchema.optional(),
  });
}

/** The object's fields, and every virtual tool's `alias.tool` source naming an alias of `mcp_servers`. */
export function defineCapabilityInputSchema(checkJsonSchema: JsonSchemaCheck) {
  return defineCapabilityObject(checkJsonSchema)
    .superRefine((capability, ctx) => {
      const references = capability.mcp_servers ?? [];
      const aliases = Array.isArray(references) ? references : Object.keys(references);
      const virtualNames = new Set((capability.tools?.virtual ?? []).map((tool) => tool.name));
      capability.tools?.virtual?.forEach((tool, index) => {
        if (virtualNames.has(tool.source) || !tool.source.includes(".")) return; // the latter: reported by the tools schema
        if (!aliases.some((alias) => tool.source.startsWith(`${alias}.`) && tool.source.length > alias.length + 1)) {
          ctx.addIssue({ code: "custom", path: ["tools", "virtual", index, "source"], message: `'${tool.source}' names no alias of mcp_servers (as 'alias.tool') and no virtual tool of this capability` });
        }
      });
    });
}

export const capabilityInputSchema = defineCapabilityInputSchema(checkJsonSchemaShape);
export type CapabilityInput = z.infer<typeof capabilityInputSchema>;

// Wire shapes (OpenAPI, responses): the fields without the cross-field rule, which the API applies on write.
export const { body: capabilityBodySchema, stored: storedCapabilitySchema } = documentSchemas(defineCapabilityObject(checkJsonSchemaShape));
export type StoredCapability = z.infer<typeof storedCapabilitySchema>;

export const capabilitySummarySchema = z.object(documentSummaryFields);
export type CapabilitySummary = z.infer<typeof capabilitySummarySchema>;

export const capabilityListSchema = z.object({
  capabilities: z.array(capabilitySummarySchema),
  next_cursor: z.string().nullable(),
});
