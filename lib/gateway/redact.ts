import { paths } from "jsonpath-rfc9535";

import type { ClientPeer } from "../mcp/mcp-session";
import { scrubSecrets } from "../resolve/scrub";
import { LinearRegExp } from "../schemas/linear-regexp";
import type { Redaction } from "../schemas/server-behaviour";

export const REDACTED = "[redacted]";

/** Replaces what a server's `redaction` names, and its resolved secrets, in anything (a result, a log line). */
export type Redactor = <T>(value: T) => T;

/**
 * DESIGN §12: `redaction.json_paths` (RFC 9535) replace the values they select — in `structuredContent` (or
 * `structured_content`) and in
 * any text block holding JSON — then every match of `redaction.patterns` (RE2) in any string at any depth, then
 * the resolved secrets (`scrubSecrets`). The patterns are compiled once per redactor; `release()` frees them.
 */
export function createRedactor(redaction: Redaction | undefined, secrets: readonly string[]): Redactor & { release(): void } {
  const patterns = (redaction?.patterns ?? []).map((source) => new LinearRegExp(source, "g"));
  const jsonPaths = redaction?.json_paths ?? [];
  const redactText = (text: string) => patterns.reduce((current, pattern) => pattern.replace(current, REDACTED), text);
  const redactor = (<T>(value: T): T => {
    const selected = jsonPaths.length > 0 ? redactJsonPaths(value, jsonPaths) : value;
    const matched = patterns.length > 0 ? mapStrings(selected, redactText) : selected;
    return scrubSecrets(matched, secrets) as T;
  }) as Redactor & { release(): void };
  redactor.release = () => patterns.forEach((pattern) => pattern.release());
  return redactor;
}

/** `value` through a redactor made for it alone, then released: for what an upstream sends now and then (a notification, a question). */
export function redactOnce<T>(redaction: Redaction | undefined, secrets: readonly string[], value: T): T {
  const redact = createRedactor(redaction, secrets);
  try {
    return redact(value);
  } finally {
    redact.release();
  }
}

/**
 * `peer` for one upstream's sessions, everything that upstream sends towards a gateway client passed through
 * `redact` first (DESIGN §7, §12, §19): its notifications (log messages, resource updates, list changes…) and the
 * params of its requests (sampling, elicitation, roots) — a 2025 client is asked them, a 2026-07-28 client is sent
 * them in rounds. A tool's result, a prompt, a resource and their errors are redacted where they are answered.
 */
export function redactingPeer(peer: ClientPeer, redact: Redactor): ClientPeer {
  return {
    ...peer,
    onRequest: (method, params, signal, inputKey) => peer.onRequest(method, redact(params), signal, inputKey),
    onNotification: (notification) => peer.onNotification(redact(notification)),
  };
}

function redactJsonPaths<T>(value: T, jsonPaths: readonly string[]): T {
  if (!isRecord(value)) return value;
  const copy: Record<string, unknown> = { ...value };
  // The MCP wire's `structuredContent`, or the editor's normalized `structured_content`.
  for (const key of ["structuredContent", "structured_content"]) if (copy[key] !== undefined) copy[key] = replaceSelected(copy[key], jsonPaths);
  if (Array.isArray(copy.content)) copy.content = copy.content.map((block) => redactTextBlock(block, jsonPaths));
  return copy as T;
}

function redactTextBlock(block: unknown, jsonPaths: readonly string[]): unknown {
  if (!isRecord(block) || block.type !== "text" || typeof block.text !== "string") return block;
  let parsed: unknown;
  try {
    parsed = JSON.parse(block.text);
  } catch {
    return block;
  }
  return { ...block, text: JSON.stringify(replaceSelected(parsed, jsonPaths)) };
}

function replaceSelected(document: unknown, jsonPaths: readonly string[]): unknown {
  let copy = structuredClone(document);
  for (const jsonPath of jsonPaths) {
    for (const normalized of paths(copy as never, jsonPath)) copy = setAt(copy, segmentsOf(normalized), REDACTED);
  }
  return copy;
}

function setAt(document: unknown, segments: (string | number)[], replacement: unknown): unknown {
  if (segments.length === 0) return replacement;
  let parent = document as Record<string | number, unknown>;
  for (const segment of segments.slice(0, -1)) parent = parent[segment] as Record<string | number, unknown>;
  parent[segments[segments.length - 1]] = replacement;
  return document;
}

/** The segments of an RFC 9535 normalized path: `$['a'][0]['b\'c']`. */
function segmentsOf(normalized: string): (string | number)[] {
  const segments: (string | number)[] = [];
  for (const match of normalized.matchAll(/\[(?:'((?:[^'\\]|\\.)*)'|(\d+))\]/g)) {
    segments.push(match[2] !== undefined ? Number(match[2]) : (JSON.parse(`"${match[1].replaceAll("\\'", "'")}"`) as string));
  }
  return segments;
}

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === "string") return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]));
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
