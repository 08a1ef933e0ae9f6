import type { ChildProcess } from "node:child_process";

import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

import { stopProbeChild, trackProbeChild } from "./probe-children";
import { buildChildEnv } from "./stdio-policy";

const STDERR_TAIL_CHARS = 2_000;

/**
 * The SDK's stdio transport (cross-spawn with `shell: false`), plus: a minimal sanitized env, stderr kept (its tail
 * explains a crash) instead of inherited, the child tracked for `killAllProbeChildren`, and a close that sends
 * SIGTERM at once and SIGKILL 2 s later — the SDK alone first waits 2 s for the child to exit on stdin EOF.
 */
export class ProbeStdioTransport extends StdioClientTransport {
  child: ChildProcess | undefined;
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  spawnError: (Error & { code?: string }) | undefined;
  stderrTail = "";

  constructor(readonly config: { command: string; args?: string[]; env?: Record<string, string> }) {
    super({ command: config.command, args: config.args ?? [], env: buildChildEnv(config.env), stderr: "pipe" });
    this.stderr?.on("data", (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString("utf8")).slice(-STDERR_TAIL_CHARS);
    });
  }

  override start(): Promise<void> {
    const started = super.start();
    // The SDK keeps the ChildProcess private; it is set synchronously by start(). Tests assert this still holds.
    this.child = (this as unknown as { _process?: ChildProcess })._process;
    this.child?.once("error", (error) => (this.spawnError ??= error));
    this.child?.once("exit", (code, signal) => (this.exit = { code, signal }));
    if (this.child) trackProbeChild(this.child);
    return started;
  }

  override async close(): Promise<void> {
    const child = this.child;
    await Promise.all([super.close(), child ? stopProbeChild(child) : undefined]);
  }
}
