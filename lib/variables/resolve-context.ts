import { getConfig } from "../env";
import { DEFAULT_RUNNER_PLACEHOLDERS, type ResolveContext } from "../resolve/types";
import { isReservedVariableName } from "../schemas/variable";
import { loadVariableBindings } from "./variable-bindings";

/**
 * The registry's side of resolution (DESIGN §2 step 3): its variables for the environment, and only those
 * process variables that PATCHBAY_ENV_ALLOW admits — never PATCHBAY_* or DATABASE_URL.
 */
export async function loadResolveContext(environment: string | undefined, { mask }: { mask: boolean }): Promise<ResolveContext> {
  const config = getConfig();
  const chosen = environment ?? config.environment;
  return {
    environment: chosen,
    variables: await loadVariableBindings(chosen),
    env: allowedProcessEnv(),
    runnerPlaceholders: new Set([...DEFAULT_RUNNER_PLACEHOLDERS, ...config.PATCHBAY_RUNNER_PLACEHOLDERS]),
    mask,
  };
}

let allowed: Record<string, string> | undefined;

/** Names, or prefixes ending in `*` (`*` alone admits every name but the reserved ones). */
export function allowedProcessEnv(): Record<string, string> {
  if (allowed) return allowed;
  const patterns = getConfig().PATCHBAY_ENV_ALLOW;
  const admits = (name: string) =>
    patterns.some((pattern) => (pattern.endsWith("*") ? name.startsWith(pattern.slice(0, -1)) : name === pattern));
  allowed = Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] =>
      entry[1] !== undefined && !isReservedVariableName(entry[0]) && admits(entry[0])),
  );
  return allowed;
}
