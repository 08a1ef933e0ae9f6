import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from "@modelcontextprotocol/client";

import { compileJsonSchema, toFieldErrors } from "../schemas/json-schema";

/**
 * For every MCP client Patchbay opens. A remote tool's output schema is untrusted, so it goes through
 * `compileJsonSchema` (its own Ajv, RE2 patterns, the shared bounded cache) instead of the SDK's default Ajv, and
 * only when a result is checked against it: a probe lists tools but never checks a result, so a schema RE2
 * cannot compile never fails a probe; a tool call gets "output schema cannot be used: …" instead.
 */
export const lazyOutputSchemaValidator: jsonSchemaValidator = {
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    return (input) => {
      let validate;
      try {
        validate = compileJsonSchema(schema as Record<string, unknown>);
      } catch (error) {
        return { valid: false, data: undefined, errorMessage: `output schema cannot be used: ${(error as Error).message}` };
      }
      // Validation fills in defaults; the result handed on stays as the server sent it.
      if (validate(structuredClone(input))) return { valid: true, data: input as T, errorMessage: undefined };
      const problems = toFieldErrors(validate.errors ?? [], "").map((error) => `${error.path || "/"} ${error.message}`);
      return { valid: false, data: undefined, errorMessage: problems.join("; ") };
    };
  },
};
