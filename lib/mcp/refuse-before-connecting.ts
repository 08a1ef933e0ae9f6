import type { ResolvedConfig } from "../resolve/types";
import { findUnresolvedPlaceholder } from "./placeholders";
import { exactStdioEntry, refuseCommandLine } from "./stdio-allow";
import type { FailureStatus } from "./types";

/**
 * Why a config must not be tried at all (unresolved placeholders, stdio not allowed); null when it may. A stdio
 * refusal says how to allow it: the exact PATCHBAY_STDIO_ALLOW entry when `secrets` (the values substituted from
 * secrets) are given and none is in the command line — reasons reach every viewer — otherwise only what to add.
 */
export function refuseBeforeConnecting(
  config: ResolvedConfig,
  stdioAllow: readonly string[],
  secrets?: readonly string[],
): { status: FailureStatus; reason: string } | null {
  const unresolved = findUnresolvedPlaceholder(config);
  if (unresolved) return { status: "unknown", reason: unresolved };

  if (config.type === "stdio") {
    const args = config.args ?? [];
    const refused = refuseCommandLine(config.command, args, stdioAllow);
    const hint = refused && stdioAllowHint(config.command, args, secrets);
    if (refused === "command") return { status: "skipped", reason: `stdio command not allowed by PATCHBAY_STDIO_ALLOW: ${config.command}${hint}` };
    if (refused === "arguments") return { status: "skipped", reason: `stdio arguments not allowed by PATCHBAY_STDIO_ALLOW for ${config.command}${hint}` };
  }
  if (config.type !== "stdio" && !isHttpUrl(config.url)) return { status: "unknown", reason: `not an http(s) URL: ${config.url}` };
  return null;
}

const RESTART = "(a comma-separated list) and restart Patchbay";

/** How to allow the command line: its exact entry, unless it cannot be written or might show a secret. */
export function stdioAllowHint(command: string, args: readonly string[], secrets: readonly string[] | undefined): string {
  const showsSecret = !secrets || [command, ...args].some((part) => secrets.some((secret) => secret !== "" && part.includes(secret)));
  const entry = showsSecret ? null : exactStdioEntry(command, args);
  if (entry) return `. To run exactly this command line, add the entry "${entry}" to PATCHBAY_STDIO_ALLOW ${RESTART}`;
  return `. To run it, add its whole command line as an entry to PATCHBAY_STDIO_ALLOW ${RESTART}`;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
