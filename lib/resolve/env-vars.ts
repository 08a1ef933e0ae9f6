import type { FieldError } from "../errors";
import { ENV_VAR_PATTERN } from "../schemas/placeholders";
import { mapConfigStrings } from "./client-config";
import { MASK, type ResolvedConfig, type ResolveContext } from "./types";

/**
 * DESIGN §2 step 3: `${VAR}` in every string of `config` becomes `ctx.env[VAR]` (or MASK with `ctx.mask`).
 * An unset variable stays exactly as written, with a warning at its JSON path. A runner placeholder is always
 * left as written and silently: it belongs to the runner's process (a session id), never to the registry's.
 */
export function substituteEnvVars(
  config: ResolvedConfig,
  ctx: Pick<ResolveContext, "env" | "runnerPlaceholders" | "mask">,
): { config: ResolvedConfig; warnings: FieldError[] } {
  const warnings: FieldError[] = [];

  const substituted = mapConfigStrings(config, (text, path) => {
    const unset = new Set<string>();
    const result = text.replace(ENV_VAR_PATTERN, (placeholder, name: string) => {
      if (ctx.runnerPlaceholders.has(name)) return placeholder;

      const value = Object.hasOwn(ctx.env, name) ? ctx.env[name] : undefined;
      if (value === undefined) {
        unset.add(name);
        return placeholder;
      }
      return ctx.mask ? MASK : value;
    });

    for (const name of unset) {
      warnings.push({ path, message: `environment variable ${name} is not set; left for the runner` });
    }
    return result;
  });

  return { config: substituted, warnings };
}
