import type { FieldError } from "../errors";
import { ENV_VAR_PATTERN } from "../schemas/placeholders";
import { isReservedVariableName } from "../schemas/variable";
import { mapConfigStrings } from "./client-config";
import { MASK, type ResolvedConfig, type ResolveContext } from "./types";
import { hostOfUrlTemplate, isSecureUrl, scopeRefusal, type ScopeTarget } from "./variable-scope";

type Lookup = { value: string; sensitive: boolean } | { unresolved: string };

/**
 * DESIGN §2 step 3: `${VAR}` in every string of `config` becomes, in order, the registry variable `VAR` (when
 * its scope admits this server and host), or a process variable that PATCHBAY_ENV_ALLOW admits. PATCHBAY_* and
 * DATABASE_URL never resolve. Anything else stays exactly as written, with a warning at its JSON path saying
 * why. A runner placeholder is always left as written and silently: it belongs to the runner's process.
 * `config` is the transport after environments, before parameters: its URL's host is as written.
 */
export function substituteEnvVars(
  config: ResolvedConfig,
  ctx: Pick<ResolveContext, "variables" | "env" | "runnerPlaceholders" | "mask">,
  serverName: string,
): { config: ResolvedConfig; warnings: FieldError[]; sensitiveValues: string[] } {
  const warnings: FieldError[] = [];
  const sensitiveValues = new Set<string>();
  const host = config.type === "stdio" ? null : hostOfUrlTemplate(config.url);
  const target: ScopeTarget = { server: serverName, host, secure: config.type !== "stdio" && isSecureUrl(config.url, host) };

  const substituted = mapConfigStrings(config, (text, path) => {
    const reasons = new Map<string, string>();
    const result = text.replace(ENV_VAR_PATTERN, (placeholder, name: string) => {
      if (ctx.runnerPlaceholders.has(name)) return placeholder;

      const found = lookUp(name, ctx, target);
      if ("unresolved" in found) {
        reasons.set(name, found.unresolved);
        return placeholder;
      }
      if (!found.sensitive) return found.value;
      if (found.value !== "") sensitiveValues.add(found.value);
      return ctx.mask ? MASK : found.value;
    });

    for (const [name, reason] of reasons) warnings.push({ path, message: `variable ${name} ${reason}; left for the runner` });
    return result;
  });

  return { config: substituted, warnings, sensitiveValues: [...sensitiveValues] };
}

function lookUp(name: string, ctx: Pick<ResolveContext, "variables" | "env">, target: ScopeTarget): Lookup {
  if (isReservedVariableName(name)) return { unresolved: "is the registry's own and is never substituted" };

  // A registry variable shadows a process variable of the same name, in scope or not (DESIGN §10).
  const variable = ctx.variables.get(name);
  if (variable) {
    const refusal = scopeRefusal(variable.scope, target);
    if (refusal) return { unresolved: `is not used here: ${refusal}` };
    if (variable.value === undefined) return { unresolved: "has no value for this environment" };
    return { value: variable.value, sensitive: variable.secret };
  }

  const value = Object.hasOwn(ctx.env, name) ? ctx.env[name] : undefined;
  if (value === undefined) return { unresolved: "is not set" };
  return { value, sensitive: true };
}
