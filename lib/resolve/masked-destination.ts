import { mapConfigStrings } from "./client-config";
import { maskLiteralSecretsInConfig } from "./literal-secrets";
import { MASK, type ResolvedConfig } from "./types";

/**
 * Where a resolved config connects, as anyone but a blueprint reader may see it (DESIGN §7, §14): literal secrets
 * under secret-looking header or env keys masked, and every value substituted from a secret or the process
 * environment (`sensitiveValues`) masked wherever it appears — url, headers, command, args, env.
 */
export function maskDestination(config: ResolvedConfig, sensitiveValues: readonly string[]): ResolvedConfig {
  // Longest first, so a value containing a shorter one is masked whole.
  const values = [...new Set(sensitiveValues)].filter((value) => value !== "").sort((a, b) => b.length - a.length);
  const scrubbed = mapConfigStrings(config, (text) => values.reduce((result, value) => result.split(value).join(MASK), text));
  return maskLiteralSecretsInConfig(scrubbed as unknown as Record<string, unknown>) as unknown as ResolvedConfig;
}
