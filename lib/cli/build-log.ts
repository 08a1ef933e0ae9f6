import path from "node:path";

/** Where `ensureBuild` keeps Next's whole output of the last build (its route table, timings, any warning). */
export const BUILD_LOG = path.join(".next", "build.log");

/**
 * The lines of a build's output that warn: Next marks them `⚠`, Turbopack's analysis problems read "… had an
 * error" (e.g. "Ecmascript file had an error" for a Node-only API reached from an edge or browser bundle).
 */
export function findBuildWarnings(log: string): string[] {
  return log.split("\n").filter((line) => /^\s*⚠/.test(line) || /file had an error/i.test(line));
}
