import { createHash } from "node:crypto";

import canonicalize from "canonicalize";

import type { ToolDefinition } from "./tool-definition";

/** Hex SHA-256 of the RFC 8785 (JCS) canonical JSON of a value. */
export function jcsSha256(value: unknown): string {
  return createHash("sha256").update(jcsOf(value), "utf8").digest("hex");
}

/** The RFC 8785 (JCS) canonical JSON of a value. */
export function jcsOf(value: unknown): string {
  const canonical = canonicalize(value);
  if (canonical === undefined) throw new TypeError("a value without a JSON form cannot be fingerprinted");
  return canonical;
}

/** A tool's fingerprint (DESIGN §11): the JCS + SHA-256 of its definition object. */
export function toolFingerprint(definition: ToolDefinition): string {
  return jcsSha256(definition);
}

/** UTF-16 code unit order, as JCS sorts keys (and as DESIGN §11 sorts tool names). */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The toolset fingerprint (DESIGN §11): the JCS + SHA-256 of
 * `{"instructions": <server instructions or null>, "tools": [[name, fingerprint], …] sorted by name}`.
 */
export function toolsetFingerprint(instructions: string | null, tools: readonly { name: string; fingerprint: string }[]): string {
  return jcsSha256({ instructions, tools: sortedPairs(tools) });
}

/** The promptset fingerprint (DESIGN §16, as the toolset's): the JCS + SHA-256 of `{"prompts": [[name, fingerprint], …] sorted by name}`. */
export function promptsetFingerprint(prompts: readonly { name: string; fingerprint: string }[]): string {
  return jcsSha256({ prompts: sortedPairs(prompts) });
}

function sortedPairs(items: readonly { name: string; fingerprint: string }[]): string[][] {
  return items.map((item) => [item.name, item.fingerprint]).sort((a, b) => compareCodeUnits(a[0], b[0]));
}
