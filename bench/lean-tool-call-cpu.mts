// Client CPU per sequential tools/call of server-everything's echo on one pooled-style session (streamable HTTP,
// keep-alive safe fetch): the SDK client's callTool against the gateway's lean POST (lib/mcp/lean-requests.ts).
// Run: node --import tsx bench/lean-tool-call-cpu.mts   (BENCH_CALLS, default 3000; BENCH_ROUNDS, default 2)
import { startDeadline } from "../lib/mcp/deadline.ts";
import { callToolLean, canCallLean } from "../lib/mcp/lean-requests.ts";
import { openSession } from "../lib/mcp/mcp-session.ts";
import { createOutboundPolicy } from "../lib/mcp/outbound-policy.ts";
import { startEverything } from "../lib/mcp/test-peers.ts";

const CALLS = Number(process.env.BENCH_CALLS ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const params = { name: "echo", arguments: { message: "bench" } };

const everything = await startEverything("streamableHttp");
const session = openSession({ type: "http", url: `http://127.0.0.1:${everything.port}/mcp` }, { policy: createOutboundPolicy(), timeoutMs: 10_000, secrets: [] });
const deadline = startDeadline(10_000);
await session.connect(deadline);
deadline.dispose();
if (!canCallLean(session)) throw new Error("the session cannot take the lean path");
const lean = session;

const paths: [string, () => Promise<unknown>][] = [
  ["sdk callTool", () => session.client.callTool(params, { timeout: 10_000 })],
  ["lean POST", () => callToolLean(lean, params, AbortSignal.timeout(10_000))],
];
try {
  for (const [, run] of paths) for (let i = 0; i < 300; i++) await run(); // warm-up: JIT, connections
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, run] of paths) {
      const started = process.cpuUsage();
      const wall = performance.now();
      for (let i = 0; i < CALLS; i++) await run();
      const used = process.cpuUsage(started);
      const ms = performance.now() - wall;
      console.log(`round ${round} ${name}: ${((used.user + used.system) / CALLS).toFixed(0)} µs client CPU per call (${(ms * 1000 / CALLS).toFixed(0)} µs wall), ${CALLS} calls`);
    }
  }
} finally {
  await session.close({ endSession: true });
  await everything.stop();
}
