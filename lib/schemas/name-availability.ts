import { z } from "zod";

export const nameAvailabilitySchema = z.object({
  name: z.string(),
  available: z.boolean(),
  reason: z.string().optional().describe("why it is not available: the rule it breaks, or that a server has it"),
});
export type NameAvailability = z.infer<typeof nameAvailabilitySchema>;
