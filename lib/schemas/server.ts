import { z } from "zod";

import { checkJsonSchema } from "./json-schema";
import { defineServerInputSchema, normalizeServerInput } from "./server-fields";

// The server's side of the definition: every field rule from server-fields.ts, with Ajv (the authority) checking
// `parameters_schema`. Browsers build the same schema with the eval-free check (lib/forms/server-form-resolver.ts).
export * from "./server-fields";

export const serverInputSchema = defineServerInputSchema(checkJsonSchema);
export type ServerInput = z.infer<typeof serverInputSchema>;

/** The body of POST and PUT: server-set fields dropped and transport spellings normalized first. */
export const serverBodySchema = z.preprocess(normalizeServerInput, serverInputSchema);
