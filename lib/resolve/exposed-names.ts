import { createHash } from "node:crypto";

import type { ToolNames } from "../schemas/tool-names";

/** What clients like Windsurf and Copilot's API accept as a tool name (DESIGN §16). */
export const PORTABLE_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

const MAX_LENGTH = 64;
const HASH_LENGTH = 6;
const OUTSIDE_PORTABLE = /[^a-zA-Z0-9_-]/gu;

/** A name as a source offers it: `alias` is its reference's, absent for a name of the target's own (a virtual tool). */
export type NameSource = { alias?: string; name: string; bare?: boolean };

/**
 * DESIGN §16 "Names": the name an endpoint advertises for a tool (or, later, a prompt) of a reference. `alias.name`
 * by default; the name alone when the reference says `"names": "bare"` or the name is the target's own; with
 * `tool_names.separator` other than `.`, `alias<separator>name` made portable by `portableName`. This is the
 * outward name only: capability `include` globs and virtual tools' `source` address tools as `alias.tool`
 * whatever the naming.
 */
export function exposedName({ alias, name, bare }: NameSource, naming?: ToolNames): string {
  const separator = naming?.separator ?? ".";
  const full = alias === undefined || bare ? name : `${alias}${separator}${name}`;
  return separator === "." ? full : portableName(full);
}

/**
 * A name within `^[a-zA-Z0-9_-]{1,64}$`: kept as it is when it already is one; otherwise every other character
 * becomes `_`, and the first 57 characters are followed by `_` and the first 6 hex digits of the SHA-256 of the
 * whole original name. The suffix depends on the name alone, so it is the same on every call and after a restart,
 * and two names that read the same once replaced or cut still differ.
 */
export function portableName(full: string): string {
  if (PORTABLE_NAME.test(full)) return full;
  const replaced = full.replace(OUTSIDE_PORTABLE, "_");
  const hash = createHash("sha256").update(full).digest("hex").slice(0, HASH_LENGTH);
  return `${replaced.slice(0, MAX_LENGTH - HASH_LENGTH - 1)}_${hash}`;
}
