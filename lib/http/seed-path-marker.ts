/** A request header proxy.ts sets on every request at a seed path, whichever way it goes (page or JSON). */
export const SEED_PATH_MARKER = "x-patchbay-seed-path";
