import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";

const CACHE_LIMIT = 500;
let ajv = new AjvJsonSchemaValidator();
let compiled = new Map<string, JsonSchemaValidator<unknown>>();

/**
 * For every MCP client Patchbay opens. The SDK's default builds an Ajv instance per client and compiles every
 * tool's output schema at `tools/list`; a probe never checks a tool result, so this compiles a schema only when
 * a result is checked against it, once per distinct schema (bench/health.mjs: about a fifth of a probe's CPU).
 */
export const lazyOutputSchemaValidator: jsonSchemaValidator = {
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    let validate: JsonSchemaValidator<unknown> | undefined;
    return (input) => {
      validate ??= compile(schema);
      return validate(input) as ReturnType<JsonSchemaValidator<T>>;
    };
  },
};

function compile(schema: JsonSchemaType): JsonSchemaValidator<unknown> {
  const key = JSON.stringify(schema);
  const cached = compiled.get(key);
  if (cached) return cached;

  if (compiled.size >= CACHE_LIMIT) {
    // Ajv keeps what it compiled, so it is replaced along with the cache.
    ajv = new AjvJsonSchemaValidator();
    compiled = new Map();
  }
  const validate = ajv.getValidator(schema);
  compiled.set(key, validate);
  return validate;
}
