import { DEMO_STDIO_SERVER } from "./demo-stdio-server";
import type { SeededDemo } from "./seed";

/**
 * What the first start tells about the demo it seeded (nothing when it seeded nothing): the count — "seeded N demo"
 * is what the scale-out test reads — the names by kind, and where the server that runs here can be tried.
 */
export function describeSeededDemo(seeded: SeededDemo): string[] {
  const total = Object.values(seeded).reduce((sum, names) => sum + names.length, 0);
  if (total === 0) return [];
  const kinds = (["servers", "capabilities", "agents", "variables"] as const)
    .filter((kind) => seeded[kind].length > 0)
    .map((kind) => `  ${kind}: ${seeded[kind].join(", ")}`);
  const runner = seeded.servers.find((name) => name === "everything");
  const agent = seeded.agents[0];
  const tryIt = runner
    ? [`  '${runner}' runs here (PATCHBAY_STDIO_ALLOW admits its command line, ${[DEMO_STDIO_SERVER.command, ...DEMO_STDIO_SERVER.args].join(" ")}): its tools are on the Tools page${agent ? `, and agent '${agent}' serves them at /mcp/agents/${agent}` : ""}`]
    : [];
  return [`Patchbay: seeded ${total} demo entities into the empty database:`, ...kinds, ...tryIt];
}
