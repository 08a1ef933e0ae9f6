import { z } from "zod";

import { environmentNameSchema, jsonObjectSchema, labelListSchema } from "./common";
import { healthResultSchema } from "./health";
import { fieldErrorSchema } from "./server-output";

/** POST /api/negotiate (DESIGN §12, seed 000): the capability strings a skill requires. */
export const negotiateBodySchema = z
  .strictObject({
    requires: labelListSchema.min(1, "must name at least one capability string").describe("capability strings, e.g. gis:radius_query"),
    environment: environmentNameSchema.optional(),
    parameters: z.record(z.string(), jsonObjectSchema).optional().describe("run-time parameters of the bound server, by capability string"),
    context: jsonObjectSchema.optional().describe("session context; fills only parameters a server's schema declares"),
  })
  .superRefine((body, ctx) => {
    for (const key of Object.keys(body.parameters ?? {})) {
      if (!body.requires.includes(key)) ctx.addIssue({ code: "custom", path: ["parameters", key], message: `'${key}' is not one of requires` });
    }
  });
export type NegotiateBody = z.infer<typeof negotiateBodySchema>;

export const bindingSchema = z.object({
  server: z.string(),
  config: jsonObjectSchema.describe("the bound server's client config, resolved for the environment"),
  health: healthResultSchema.describe("its latest health in that environment"),
});
export type Binding = z.infer<typeof bindingSchema>;

export const negotiationSchema = z.object({
  status: z.enum(["BOUND", "DEGRADED"]).describe("BOUND when every string is bound to a healthy or degraded server"),
  environment: z.string(),
  bindings: z.record(z.string(), bindingSchema),
  missing: z.array(z.string()).describe("strings no server provides (or none of whose providers resolves)"),
  warnings: z.array(fieldErrorSchema).describe("a provider that could not be resolved, and bindings that are not healthy"),
});
export type Negotiation = z.infer<typeof negotiationSchema>;
