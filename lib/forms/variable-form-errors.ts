import { environmentNameSchema } from "../schemas/common";
import type { VariableFormValues } from "./variable-form-values";

/**
 * The form field a body path belongs to (zod's, or problem+json `errors[].path` split into segments), so a
 * message shows on the input that caused it. Scope-wide messages go to `root.scope`, the rest to `root.server`.
 */
export function variableFieldOf(path: string[], values: VariableFormValues): string {
  const [head, second] = path;
  switch (head) {
    case "name": case "description": case "secret": case "value":
      return head;
    case "environments":
      return environmentField(second, values);
    case "scope":
      return second === "servers" || second === "hosts" ? second : "root.scope";
    default:
      return "root.server";
  }
}

function environmentField(name: string | undefined, values: VariableFormValues): string {
  const index = values.environments.findIndex((row) => row.name.trim() === name);
  if (index < 0) return "root.server";
  return environmentNameSchema.safeParse(name).success ? `environments.${index}.value` : `environments.${index}.name`;
}
