import { z } from "zod";

/** GET …/used-by, and `used_by` of a 409 for a referenced server or capability. */
export const usedBySchema = z.object({
  capabilities: z.array(z.object({ name: z.string(), alias: z.string() })),
  agents: z.array(z.object({ name: z.string(), alias: z.string(), via: z.string().nullable() })),
});
