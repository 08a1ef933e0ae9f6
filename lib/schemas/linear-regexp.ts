import type { RE2 as RE2Type } from "re2-wasm";

/**
 * Regular expressions for untrusted JSON Schemas (DESIGN §7), on RE2 (`re2-wasm`): matching time is linear in
 * the input, so `^(a+)+$` cannot stall a request or the sweep. Two limits of re2-wasm 1.0.2 shape this file:
 * its WASM heap is a fixed 16 MiB that nothing frees by itself (every LinearRegExp must be `release`d when its
 * validator is dropped), and overflowing it aborts the module for good — so patterns are capped in length, and
 * an aborted module is loaded afresh: the pattern that did it is refused, the others recompile on next use.
 * lib/schemas also runs in the browser (forms), where there is no RE2: there the native RegExp checks as a
 * convenience, and the server, which always has RE2, decides. re2-wasm is loaded at run time through Node's own
 * `require` so that no bundle (the browser's least of all) tries to include it.
 */
export const MAX_PATTERN_CHARS = 1_000;

type Re2Class = typeof RE2Type;
type NodeRequire = ((id: string) => unknown) & { cache: Record<string, unknown> };
const load = createNodeRequire();
let RE2: Re2Class | undefined = loadRe2();
let generation = 0;

export class LinearRegExp {
  private compiled: RE2Type;
  private compiledIn = generation;

  /** Throws a SyntaxError for what RE2 lacks (lookaround, backreferences) or a pattern over the limits. */
  constructor(readonly source: string, readonly flags = "") {
    if (source.length > MAX_PATTERN_CHARS) throw new SyntaxError(`pattern longer than ${MAX_PATTERN_CHARS} characters`);
    this.compiled = compile(source, flags);
  }

  test(text: string): boolean {
    if (this.compiledIn !== generation) {
      this.compiled = compile(this.source, this.flags);
      this.compiledIn = generation;
    }
    try {
      return this.compiled.test(text);
    } catch (error) {
      if (!isAbort(error)) throw error;
      reload();
      return false; // matching alone exhausted the heap: counted as no match
    }
  }

  /** `text` with matches replaced by `replacement` (literally, no `$` groups): every match with the `g` flag. */
  replace(text: string, replacement: string): string {
    if (this.compiledIn !== generation) {
      this.compiled = compile(this.source, this.flags);
      this.compiledIn = generation;
    }
    try {
      return text.replace(this.compiled as unknown as RegExp, () => replacement);
    } catch (error) {
      if (!isAbort(error)) throw error;
      reload();
      return replacement; // matching alone exhausted the heap: nothing of the text is trusted to be clean
    }
  }

  toString(): string {
    return `/${this.source}/${this.flags}`;
  }

  /** Frees the WASM memory; the object must not be used afterwards. */
  release(): void {
    if (RE2 && this.compiledIn === generation) (this.compiled as unknown as { wrapper?: { delete?: () => void } }).wrapper?.delete?.();
  }
}

function compile(source: string, flags: string): RE2Type {
  if (!RE2) return new RegExp(source, flags.includes("u") ? flags : `${flags}u`) as unknown as RE2Type;
  try {
    return new RE2(source, flags.includes("u") ? flags : `${flags}u`); // RE2 insists on unicode mode
  } catch (error) {
    if (!isAbort(error)) throw new SyntaxError((error as Error).message.replace(/^Invalid regular expression: /, "invalid pattern "));
    reload();
    throw new SyntaxError(`pattern /${source}/ needs more memory than allowed`);
  }
}

function reload(): void {
  RE2 = loadRe2();
  generation++;
}

function loadRe2(): Re2Class | undefined {
  if (!load) return undefined;
  for (const key of Object.keys(load.cache)) if (key.includes("/re2-wasm/")) delete load.cache[key];
  return (load("re2-wasm") as { RE2: Re2Class }).RE2;
}

/** Node's `require`, resolving from the project folder; undefined in a browser. */
function createNodeRequire(): NodeRequire | undefined {
  if (typeof window !== "undefined" || typeof process === "undefined") return undefined;
  const getBuiltin = (process as unknown as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  const nodeModule = getBuiltin?.("node:module") as { createRequire(from: string): NodeRequire } | undefined;
  if (!nodeModule) throw new Error("Patchbay needs Node ≥ 20.16 (process.getBuiltinModule) for RE2");
  return nodeModule.createRequire(`${process.cwd()}/package.json`);
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === "RuntimeError" || error.message.startsWith("abort("));
}
