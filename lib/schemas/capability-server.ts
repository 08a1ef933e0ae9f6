import { defineCapabilityInputSchema } from "./capability";
import { checkJsonSchema } from "./json-schema";

// The API's side of the capability: every rule of capability.ts, with Ajv (the authority) checking virtual
// tools' `output_schema`. Browsers use capability.ts's schema, whose check needs no eval.
export const capabilityServerInputSchema = defineCapabilityInputSchema(checkJsonSchema);
