import type { ResolvedConfig } from "../resolve/types";
import { ENV_VAR_PATTERN, PARAMETER_PATTERN } from "../schemas/placeholders";

/** Where a `${VAR}` or `{{param}}` was left unresolved in `config`, as a reason; null when there is none. */
export function findUnresolvedPlaceholder(config: ResolvedConfig): string | null {
  const fields: Array<[string, string]> =
    config.type === "stdio"
      ? [
          ["command", config.command],
          ...(config.args ?? []).map((arg, i): [string, string] => [`args[${i}]`, arg]),
          ...Object.entries(config.env ?? {}).map(([key, value]): [string, string] => [`env.${key}`, value]),
        ]
      : [["url", config.url], ...Object.entries(config.headers ?? {}).map(([key, value]): [string, string] => [`headers.${key}`, value])];

  for (const [where, value] of fields) {
    const found = value.match(ENV_VAR_PATTERN) ?? value.match(PARAMETER_PATTERN);
    if (found) return `unresolved placeholder ${found[0]} in ${where}`;
  }
  return null;
}
