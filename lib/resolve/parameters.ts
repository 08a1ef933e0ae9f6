import type { FieldError } from "../errors";
import { validateAgainstSchema } from "../schemas/json-schema";
import { isPlainObject } from "../schemas/server-fields";
import { cloneJson } from "./clone-json";
import type { ParameterSources } from "./types";

/**
 * DESIGN §2 step 4, first half: one value per parameter, from the highest-priority source that gives it —
 * reference > runtime > context > the schema's `default`s (filled in by Ajv). Context fills only parameters
 * that `schema.properties` declares. Errors are by JSON path under `/parameters`. Without a schema the
 * merged values pass through unvalidated. The sources are never mutated.
 */
export function collectParameters(
  schema: Record<string, unknown> | undefined,
  sources: ParameterSources,
): { parameters: Record<string, unknown>; errors: FieldError[] } {
  const bySourceLowestFirst = [declaredOnly(sources.context, schema), sources.runtime, sources.reference];
  const merged = Object.fromEntries(
    bySourceLowestFirst.flatMap((source) => Object.entries(source ?? {})).filter(([, value]) => value !== undefined),
  );
  if (!schema) return { parameters: merged, errors: [] };

  const parameters = cloneJson(merged);
  const errors = validateAgainstSchema(schema, parameters).map((error) => ({
    path: `/parameters${error.path}`,
    message: error.message,
  }));
  return { parameters, errors };
}

function declaredOnly(context: Record<string, unknown> | undefined, schema: Record<string, unknown> | undefined) {
  const declared = isPlainObject(schema?.properties) ? schema.properties : {};
  return Object.fromEntries(Object.entries(context ?? {}).filter(([key]) => Object.hasOwn(declared, key)));
}
