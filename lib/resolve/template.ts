import type { FieldError } from "../errors";
import { undeclaredParameterMessage } from "../schemas/declared-parameters";
import { PARAMETER_PATTERN } from "../schemas/placeholders";
import { mapConfigStrings } from "./client-config";
import type { ResolvedConfig } from "./types";

/**
 * DESIGN §2 step 4, second half: `{{name}}` in every string of `config` becomes the parameter's value, in one
 * pass. A value is inserted literally — a `${SECRET}` or `{{other}}` inside it is never expanded, so a caller
 * can not read the registry's environment. A `{{name}}` without a value (absent or null) is an error at its path;
 * when `declared` is given and lacks the name (a definition saved before undeclared names were refused), the
 * error says so instead, since no caller can ever give it.
 */
export function applyParameters(
  config: ResolvedConfig,
  parameters: Record<string, unknown>,
  declared?: Set<string>,
): { config: ResolvedConfig; errors: FieldError[] } {
  const errors: FieldError[] = [];

  const filled = mapConfigStrings(config, (text, path) => {
    const missing = new Set<string>();
    const result = text.replace(PARAMETER_PATTERN, (placeholder, name: string) => {
      const value = Object.hasOwn(parameters, name) ? parameters[name] : undefined;
      if (value === undefined || value === null) {
        missing.add(name);
        return placeholder;
      }
      return textOf(value);
    });

    for (const name of missing) {
      errors.push({ path, message: declared && !declared.has(name) ? undeclaredParameterMessage(name) : `parameter '${name}' has no value` });
    }
    return result;
  });

  return { config: filled, errors };
}

/** How a parameter's value is written into a string. */
export function textOf(value: unknown): string {
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}
