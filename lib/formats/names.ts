import { NAME_PATTERN } from "../schemas/common";
import type { FieldError } from "../errors";
import type { DraftServer, Renamed } from "./types";

/**
 * DESIGN §1: a name outside NAME_PATTERN is lowercased, every other character becomes `-`, leading
 * non-alphanumerics are dropped and the result is cut to 100 (`io.github.User/weather` → `io.github.user-weather`).
 * Null when nothing is left.
 */
export function toEntityName(name: string): string | null {
  if (NAME_PATTERN.test(name)) return name;

  const mapped = name
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, "-")
    .replace(/^[^a-z0-9]+/, "")
    .slice(0, 100);
  return mapped === "" ? null : mapped;
}

/**
 * Maps every draft's name and reports each change. Two sources that end up with one name are an error on the
 * second, which is dropped: inventing a suffix would give a server an identity nobody chose, and capabilities
 * refer to servers by name.
 */
export function mapServerNames(drafts: DraftServer[]): { servers: DraftServer[]; renamed: Renamed[]; errors: FieldError[] } {
  const servers: DraftServer[] = [];
  const renamed: Renamed[] = [];
  const errors: FieldError[] = [];
  const owners = new Map<string, string>();

  for (const draft of drafts) {
    const from = draft.server.name;
    const to = toEntityName(from);
    if (to === null) {
      errors.push({ path: `${draft.source}/name`, message: `'${from}' has no letter or digit to make a name from` });
      continue;
    }

    const owner = owners.get(to);
    if (owner !== undefined) {
      const message = owner === from
        ? `the name '${from}' appears more than once`
        : `'${from}' maps to '${to}', which '${owner}' already has; rename one of them`;
      errors.push({ path: `${draft.source}/name`, message });
      continue;
    }

    owners.set(to, from);
    if (to !== from) renamed.push({ from, to });
    servers.push({ source: draft.source, server: { ...draft.server, name: to } });
  }
  return { servers, renamed, errors };
}

/** `some-id` / `someId` / `io.github.x` → `SOME_ID` / `SOME_ID` / `IO_GITHUB_X`: a name usable as `${VAR}`. */
export function toEnvName(text: string): string {
  const snake = text
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toUpperCase();
  if (snake === "") return "VALUE";
  return /^[0-9]/.test(snake) ? `_${snake}` : snake;
}
