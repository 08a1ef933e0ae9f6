import type { ResolvedConfig } from "../resolve/types";
import { findUnresolvedPlaceholder } from "./placeholders";
import { refuseCommandLine } from "./stdio-allow";
import type { FailureStatus } from "./types";

/** Why a config must not be tried at all (unresolved placeholders, stdio not allowed); null when it may. */
export function refuseBeforeConnecting(
  config: ResolvedConfig,
  stdioAllow: readonly string[],
): { status: FailureStatus; reason: string } | null {
  const unresolved = findUnresolvedPlaceholder(config);
  if (unresolved) return { status: "unknown", reason: unresolved };

  if (config.type === "stdio") {
    // The arguments are not named: they may hold substituted secrets, and reasons reach every viewer.
    const refused = refuseCommandLine(config.command, config.args ?? [], stdioAllow);
    if (refused === "command") return { status: "skipped", reason: `stdio command not allowed by PATCHBAY_STDIO_ALLOW: ${config.command}` };
    if (refused === "arguments") return { status: "skipped", reason: `stdio arguments not allowed by PATCHBAY_STDIO_ALLOW for ${config.command}` };
  }
  if (config.type !== "stdio" && !isHttpUrl(config.url)) return { status: "unknown", reason: `not an http(s) URL: ${config.url}` };
  return null;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
