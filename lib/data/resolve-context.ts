import { getConfig } from "../env";
import { DEFAULT_RUNNER_PLACEHOLDERS, type ResolveContext } from "../resolve/types";

/** The registry's side of resolution: its own environment variables and settings. */
export function resolveContextFor(environment: string | undefined, { mask }: { mask: boolean }): ResolveContext {
  const config = getConfig();
  return {
    environment: environment ?? config.environment,
    env: process.env,
    runnerPlaceholders: new Set([...DEFAULT_RUNNER_PLACEHOLDERS, ...config.PATCHBAY_RUNNER_PLACEHOLDERS]),
    mask,
  };
}
