import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";

import { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

import { scrubThenCut } from "../resolve/scrub";
import { isStoppingChildren, stopProbeChild, trackProbeChild } from "./probe-children";
import { MAX_RESPONSE_BYTES, ResponseTooLargeError } from "./response-limit";
import { buildChildEnv } from "./stdio-policy";

const STDERR_TAIL_CHARS = 2_000;

/**
 * MCP over a child's stdin/stdout, for probes and tool calls. Unlike the SDK's StdioClientTransport: spawned
 * without a shell in its own process group (`detached`), with only `buildChildEnv` as its environment, stderr
 * kept (its tail explains a crash) instead of inherited, one line capped at MAX_RESPONSE_BYTES, and a close that
 * stops the whole group at once (SIGTERM, then SIGKILL) rather than first waiting for an exit on stdin EOF.
 */
export class ProbeStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  child: ChildProcessWithoutNullStreams | undefined;
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  spawnError: (Error & { code?: string }) | undefined;
  oversized: ResponseTooLargeError | undefined;
  private stderrTail = "";
  /** Whether stderr outgrew the tail: its first line may then have begun before what was kept. */
  private stderrDropped = false;
  private readonly buffer = new ReadBuffer({ maxBufferSize: MAX_RESPONSE_BYTES });
  private closing: Promise<void> | undefined;

  /** `secrets`: the values substituted into the config from secrets, scrubbed from stderr before it is shortened. */
  constructor(
    readonly config: { command: string; args?: string[]; env?: Record<string, string> },
    private readonly secrets: readonly string[],
  ) {}

  /**
   * The last line the child wrote to stderr, secrets scrubbed, then cut to `maxChars` (DESIGN §14); undefined when
   * there is none, or when it began before the kept tail (a line seen only in part could hold part of a secret).
   */
  lastStderrLine(maxChars: number): string | undefined {
    const text = this.stderrTail.trimEnd();
    const start = text.lastIndexOf("\n") + 1;
    if (start === 0 && this.stderrDropped) return undefined;
    const line = text.slice(start).trim();
    return line ? scrubThenCut(line, this.secrets, maxChars) : undefined;
  }

  start(): Promise<void> {
    if (this.child) throw new Error("ProbeStdioTransport already started");
    if (isStoppingChildren()) return Promise.reject(new Error("Patchbay is stopping: no stdio server starts any more"));
    return new Promise((resolve, reject) => {
      const child = spawn(this.config.command, this.config.args ?? [], {
        env: buildChildEnv(this.config.env) as NodeJS.ProcessEnv, stdio: "pipe", shell: false, detached: true, windowsHide: true,
      });
      this.child = child;
      trackProbeChild(child);
      child.on("error", (error: Error & { code?: string }) => {
        this.spawnError ??= error;
        reject(error);
        this.onerror?.(error);
      });
      child.once("spawn", () => resolve());
      child.once("exit", (code, signal) => (this.exit = { code, signal }));
      child.once("close", () => this.onclose?.());
      child.stdin.on("error", (error) => this.onerror?.(error));
      child.stdout.on("data", (chunk: Buffer) => this.receive(chunk));
      child.stderr.on("data", (chunk: Buffer) => {
        const tail = this.stderrTail + chunk.toString("utf8");
        if (tail.length > STDERR_TAIL_CHARS) this.stderrDropped = true;
        this.stderrTail = tail.slice(-STDERR_TAIL_CHARS);
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || this.closing) return Promise.reject(new Error("Not connected"));
    return new Promise((resolve) => (stdin.write(serializeMessage(message)) ? resolve() : stdin.once("drain", () => resolve())));
  }

  /** Idempotent; resolves once the child's process group has been stopped. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.buffer.clear();
      if (!this.child) return this.onclose?.();
      this.child.stdin.end();
      await stopProbeChild(this.child);
    })();
    return this.closing;
  }

  private receive(chunk: Buffer): void {
    try {
      this.buffer.append(chunk);
    } catch {
      this.oversized = new ResponseTooLargeError(MAX_RESPONSE_BYTES, `stdio command ${this.config.command}`);
      this.onerror?.(this.oversized);
      void this.close();
      return;
    }
    for (;;) {
      try {
        const message = this.buffer.readMessage();
        if (message === null) return;
        this.onmessage?.(message);
      } catch (error) {
        this.onerror?.(error as Error);
      }
    }
  }
}
