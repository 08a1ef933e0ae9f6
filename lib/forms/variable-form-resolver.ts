import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldErrors, Resolver } from "react-hook-form";

import { variableInputSchema, type VariableInput, type VariableOutput } from "../schemas/variable";
import { flattenErrors, nestProblems } from "./server-form-resolver";
import type { FormProblem } from "./server-form-input";
import { variableFieldOf } from "./variable-form-errors";
import { hasStoredSecretValue, toVariableInput, type VariableFormValues } from "./variable-form-values";

const validateVariable = zodResolver(variableInputSchema);

/**
 * zodResolver(variableInputSchema) — the API's own schema — applied to the body the form describes, its
 * errors moved onto the fields that hold those values. A new variable may not take a name already in use.
 */
export function variableFormResolver(original: VariableOutput | undefined, takenNames: string[]): Resolver<VariableFormValues, unknown, VariableInput> {
  return async (values, context, options) => {
    const input = toVariableInput(values, original);
    const result = await validateVariable(input, context, { ...options, fields: {}, names: [], shouldUseNativeValidation: false });

    const problems: FormProblem[] = [
      ...rowProblems(values),
      ...unmaskedProblems(values, original),
      ...(!original && takenNames.includes(input.name) ? [{ field: "name", message: "is already a variable; edit that one instead" }] : []),
      ...flattenErrors(result.errors).map(({ path, message }) => ({ field: variableFieldOf(path, values), message })),
    ];
    if (problems.length === 0) return { values: result.values as VariableInput, errors: {} };
    return { values: {}, errors: nestProblems(problems) as unknown as FieldErrors<VariableFormValues> };
  };
}

const RETYPE = "type the value again: a secret's values are never shown, so they cannot be kept when it stops being secret";

/** A secret made plain would silently lose the stored values its empty inputs stand for. */
function unmaskedProblems(values: VariableFormValues, original: VariableOutput | undefined): FormProblem[] {
  if (values.secret || !original?.secret) return [];
  const rows = values.environments.flatMap((row, index) => (row.isStored && row.value === "" ? [{ field: `environments.${index}.value`, message: RETYPE }] : []));
  return [...(hasStoredSecretValue(original) && values.value === "" ? [{ field: "value", message: RETYPE }] : []), ...rows];
}

/** What the body cannot say: a value without an environment, or the same environment twice. */
function rowProblems(values: VariableFormValues): FormProblem[] {
  const seen = new Set<string>();
  return values.environments.flatMap((row, index) => {
    const name = row.name.trim();
    if (name === "" && row.value !== "") return [{ field: `environments.${index}.name`, message: "name the environment this value is for" }];
    if (name !== "" && seen.has(name)) return [{ field: `environments.${index}.name`, message: "is already listed above" }];
    seen.add(name);
    return [];
  });
}
