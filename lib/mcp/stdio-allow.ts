import { isAbsolute, normalize } from "node:path";

/**
 * `PATCHBAY_STDIO_ALLOW` (DESIGN §7): comma-separated whole command lines. Each entry is a command followed by
 * whitespace-separated argument patterns, and a stdio server runs only when its command and every one of its
 * arguments match one entry:
 * - the command is a bare name (`node`, looked up on Patchbay's own PATH) or an absolute path, matched exactly
 *   (paths after normalizing); it takes no wildcard;
 * - each argument pattern matches exactly one argument, in order, and the counts must be equal; `*` matches a run
 *   (none included) of `[A-Za-z0-9._-]` inside that one argument (DESIGN §14). Everything else — `/`, `@`, `:`, `+`,
 *   `#`, `=`, whitespace — is matched only where the pattern writes it: `npx -y @modelcontextprotocol/*` admits
 *   `@modelcontextprotocol/server-memory` but no `…@https://…`, `…@git+…`, `…@npm:…` or `…@file:…` spec, and a version
 *   pin is written `@modelcontextprotocol/*@*`;
 * - `**` as the entry's last token (and only there) admits any further arguments, none included: `node **` is
 *   the old "any node command line" and must be asked for explicitly;
 * - a bare command (`node`) allows that command with no arguments at all.
 * A `*` never matches an argument that holds a `..` path segment (`/opt/mcp/*.js` must not admit
 * `/opt/mcp/../../tmp/x.js`); such an argument matches only a pattern without `*` that spells it out.
 * A pattern cannot contain whitespace, so an argument with whitespace is never admitted by an argument pattern.
 */
export type StdioRule = { command: string; args: string[]; anyFurther: boolean };

export const ANY_FURTHER_ARGUMENTS = "**";

/** One entry as a rule, or why it can never match (told at start, naming the entry). */
export function parseStdioRule(entry: string): StdioRule | { error: string } {
  const [command, ...rest] = entry.trim().split(/\s+/);
  if (!command) return { error: "is empty" };
  if (command.includes("*")) return { error: `'${entry}': the command takes no wildcard` };
  if (isPathLike(command) && !isAbsolute(command)) return { error: `'${entry}': a command path must be absolute` };

  const anyFurther = rest[rest.length - 1] === ANY_FURTHER_ARGUMENTS;
  const args = anyFurther ? rest.slice(0, -1) : rest;
  if (args.includes(ANY_FURTHER_ARGUMENTS)) return { error: `'${entry}': '**' may only end an entry` };
  return { command, args, anyFurther };
}

/** Problems of the configured list, one per entry that can never match; empty when all are usable. */
export function checkStdioAllow(entries: readonly string[]): string[] {
  return entries.flatMap((entry) => {
    const rule = parseStdioRule(entry);
    return "error" in rule ? [rule.error] : [];
  });
}

/** Which part of the command line the allowlist refused; null when one entry admits all of it. */
export function refuseCommandLine(command: string, args: readonly string[], allowList: readonly string[]): "command" | "arguments" | null {
  if (!isCommandUsable(command) || args.some((arg) => arg.includes("\0"))) return "command";

  const rules = allowList.map(parseStdioRule).filter((rule): rule is StdioRule => !("error" in rule));
  const forCommand = rules.filter((rule) => isSameCommand(rule.command, command));
  if (forCommand.length === 0) return "command";
  return forCommand.some((rule) => areArgumentsAllowed(rule, args)) ? null : "arguments";
}

/**
 * The entry that admits exactly this command line and nothing more, for a refusal to show; null when none can be
 * written: an argument that is empty or holds whitespace, a comma (the list's separator) or a `*` (a wildcard in
 * an entry) cannot be spelled out literally.
 */
export function exactStdioEntry(command: string, args: readonly string[]): string | null {
  if (!isCommandUsable(command) || command.includes(",") || command.includes("*")) return null;
  if (args.some((arg) => arg === "" || /[\s\0,*]/.test(arg))) return null;
  return [command, ...args].join(" ");
}

export function isCommandLineAllowed(command: string, args: readonly string[], allowList: readonly string[]): boolean {
  return refuseCommandLine(command, args, allowList) === null;
}

/** Bare names and absolute paths only: `./node`, `../bin/node`, whitespace or NUL are never run. */
function isCommandUsable(command: string): boolean {
  if (command === "" || /[\s\0]/.test(command)) return false;
  return !isPathLike(command) || isAbsolute(command);
}

function isSameCommand(entry: string, command: string): boolean {
  if (isPathLike(entry) !== isPathLike(command)) return false;
  return isPathLike(command) ? normalize(entry) === normalize(command) : entry === command;
}

function areArgumentsAllowed(rule: StdioRule, args: readonly string[]): boolean {
  if (rule.anyFurther ? args.length < rule.args.length : args.length !== rule.args.length) return false;
  return rule.args.every((pattern, index) => matchesArgument(pattern, args[index]));
}

function matchesArgument(pattern: string, arg: string): boolean {
  if (!pattern.includes("*")) return pattern === arg;
  if (arg.split(/[/\\]/).includes("..")) return false;
  return matchesGlob(pattern, arg);
}

/** What one `*` may stand for: a run of these, never a separator or a spec character (DESIGN §14). */
const STAR_CHARACTER = /^[A-Za-z0-9._-]$/;

/**
 * `*` as a run of `[A-Za-z0-9._-]` (none included), every other character literal. The set of pattern positions
 * still alive is walked once per character of the text, so at worst pattern × text steps whatever the pattern.
 */
export function matchesGlob(pattern: string, text: string): boolean {
  let alive = withStarsSkipped(pattern, [0]);
  for (const char of text.split("")) {
    const starFits = STAR_CHARACTER.test(char);
    const next: number[] = [];
    for (const p of alive) {
      if (pattern[p] === "*" && starFits) next.push(p);
      else if (p < pattern.length && pattern[p] !== "*" && pattern[p] === char) next.push(p + 1);
    }
    if (next.length === 0) return false;
    alive = withStarsSkipped(pattern, next);
  }
  return alive.includes(pattern.length);
}

/** The positions given, plus every position reached from one by letting the `*`s there match nothing; no duplicates. */
function withStarsSkipped(pattern: string, positions: number[]): number[] {
  const reached = new Set<number>();
  for (let p of positions) {
    reached.add(p);
    while (pattern[p] === "*") reached.add(++p);
  }
  return [...reached];
}

function isPathLike(command: string): boolean {
  return command.includes("/") || command.includes("\\");
}
