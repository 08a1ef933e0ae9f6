// @ts-check
/**
 * The one place that touches `globalThis` (eslint.config.js forbids it elsewhere): the process's runtime lives
 * under one `Symbol.for` key, so every copy of lib that Next bundles — and the plain-JavaScript server entry
 * point, lib/cli/serve.mjs — finds the same one. lib/runtime/runtime.ts is what everything else uses.
 */
const RUNTIME = Symbol.for("patchbay.runtime");

/** @returns {Record<symbol, unknown>} */
function processGlobals() {
  return /** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (globalThis));
}

/**
 * The process's runtime, made by `create` the first time anyone asks.
 * @template T
 * @param {() => T} create
 * @returns {T}
 */
export function ensureProcessRuntime(create) {
  const globals = processGlobals();
  if (!(RUNTIME in globals)) globals[RUNTIME] = create();
  return /** @type {T} */ (globals[RUNTIME]);
}

/** The process's runtime if boot has made one (for the server entry point, which must not make its own). */
export function existingProcessRuntime() {
  return /** @type {import("./runtime").Runtime | undefined} */ (processGlobals()[RUNTIME]);
}
