import type { FieldError } from "../errors";
import { definitionStrings } from "../schemas/declared-parameters";
import { jsonPointer } from "../schemas/json-pointer";
import { ENV_VAR_PATTERN } from "../schemas/placeholders";
import type { ServerInput } from "../schemas/server";
import { isReservedVariableName } from "../schemas/variable";

/**
 * One warning per `${NAME}` of the definition that nothing in the registry can fill: not a registry variable, not a
 * process variable PATCHBAY_ENV_ALLOW admits, not a runner placeholder. Not refused: DESIGN §2 step 3 leaves such a
 * variable as written for the runner to resolve, so the write succeeds and says so.
 */
export function unknownVariableWarnings(server: Pick<ServerInput, "transport" | "environments">, isKnown: (name: string) => boolean): FieldError[] {
  return definitionStrings(server).flatMap(([path, text]) => {
    const names = new Set([...text.matchAll(ENV_VAR_PATTERN)].map((match) => match[1]));
    return [...names].filter((name) => !isKnown(name)).map((name) => ({ path: jsonPointer(path), message: messageFor(name) }));
  });
}

function messageFor(name: string): string {
  if (isReservedVariableName(name)) return `uses \${${name}}, which is the registry's own and is never substituted`;
  return `uses \${${name}}, which is not a registry variable; it stays as written until a runner fills it`;
}
