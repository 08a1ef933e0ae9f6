import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { NotFoundError, UnresolvableError } from "../errors";
import { createOutboundPolicy } from "../mcp/outbound-policy";
import { countProbeChildren } from "../mcp/probe-children";
import { EVERYTHING, startEverything, startRecordingProxy, type EverythingServer } from "../mcp/test-peers";
import { ToolCallFailedError, callTool, type CallToolOptions } from "./call-tool";

const options: CallToolOptions = { timeoutMs: 10_000, policy: createOutboundPolicy(), stdioAllow: ["node **"], secrets: [] };
let server: EverythingServer;
let proxy: Awaited<ReturnType<typeof startRecordingProxy>>;

beforeAll(async () => {
  server = await startEverything("streamableHttp");
  proxy = await startRecordingProxy(server.port);
}, 30_000);
afterAll(async () => {
  await proxy.close();
  await server.stop();
});

describe("callTool against the everything server", { timeout: 30_000 }, () => {
  it("refuses invalid arguments before sending: 422 with JSON paths, no tools/call on the wire", async () => {
    proxy.methods.length = 0;
    const error = await callTool({ type: "http", url: `${proxy.url}/mcp` }, "echo", { message: 42 }, options).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(UnresolvableError);
    expect((error as UnresolvableError).status).toBe(422);
    expect((error as UnresolvableError).errors).toEqual([{ path: "/arguments/message", message: "must be string" }]);
    expect(proxy.methods).toContain("tools/list");
    expect(proxy.methods).not.toContain("tools/call");
  });

  it("reports a missing required argument by its path", async () => {
    const error = await callTool({ type: "http", url: `${proxy.url}/mcp` }, "echo", {}, options).catch((e: unknown) => e);
    expect((error as UnresolvableError).errors).toEqual([{ path: "/arguments/message", message: "must have required property 'message'" }]);
  });

  it("calls echo and normalizes the result to text", async () => {
    proxy.methods.length = 0;
    const args = { message: "hello patchbay" };
    const result = await callTool({ type: "http", url: `${proxy.url}/mcp` }, "echo", args, options);

    expect(result).toMatchObject({ is_error: false, content: [{ type: "text", text: "Echo: hello patchbay" }] });
    expect(result.latency_ms).toBeGreaterThan(0);
    expect(proxy.methods).toContain("tools/call");
    expect(args).toEqual({ message: "hello patchbay" });
  });

  it("normalizes image content with its mime type", async () => {
    const result = await callTool({ type: "http", url: `http://127.0.0.1:${server.port}/mcp` }, "get-tiny-image", {}, options);
    expect(result.content).toContainEqual({ type: "image", mime_type: "image/png", data: expect.stringMatching(/^iVBOR/) });
  });

  it("404 for a tool the server does not offer", async () => {
    await expect(callTool({ type: "http", url: `${proxy.url}/mcp` }, "no-such-tool", {}, options)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("refuses a blocked address (422, skipped) and an unreachable server (502, unhealthy)", async () => {
    const blocked = await callTool({ type: "http", url: "http://169.254.169.254/mcp" }, "echo", { message: "x" }, options).catch((e: unknown) => e);
    expect(blocked).toBeInstanceOf(ToolCallFailedError);
    expect(blocked).toMatchObject({ status: 422, failure: { status: "skipped", reason: "blocked by outbound policy: 169.254.169.254" } });

    const notAllowed = await callTool({ type: "stdio", command: "bash", args: ["-c", "true"] }, "echo", {}, options).catch((e: unknown) => e);
    expect(notAllowed).toMatchObject({ status: 422, failure: { status: "skipped", reason: 'stdio command not allowed by PATCHBAY_STDIO_ALLOW: bash. To run exactly this command line, add the entry "bash -c true" to PATCHBAY_STDIO_ALLOW (a comma-separated list) and restart Patchbay' } });

    const down = await callTool({ type: "http", url: "http://127.0.0.1:1/mcp" }, "echo", { message: "x" }, options).catch((e: unknown) => e);
    expect(down).toMatchObject({ status: 502, failure: { status: "unhealthy", reason: "connection refused 127.0.0.1:1" } });
  });

  it("over stdio the child never sees dangerous env keys; PATH is the registry's own", async () => {
    const env = {
      LD_PRELOAD: "/nonexistent/evil.so", ld_library_path: "/tmp", NODE_OPTIONS: "--require=/nonexistent/evil.js", PATH: "/evil/bin",
      PYTHONPATH: "/evil", BASH_ENV: "/evil.sh", DYLD_INSERT_LIBRARIES: "/evil.dylib", TEST_KEPT: "kept", PATCHBAY_TEST_DROPPED: "x", HTTPS_PROXY: "http://evil",
    };
    const result = await callTool({ type: "stdio", command: "node", args: [EVERYTHING, "stdio"], env }, "get-env", {}, options);
    const childEnv = JSON.parse((result.content[0] as { text: string }).text) as Record<string, string>;

    expect(childEnv.TEST_KEPT).toBe("kept");
    expect(childEnv.PATH).toBe(process.env.PATH);
    const leaked = Object.keys(childEnv).filter((key) => /^(LD_|DYLD_|PATCHBAY_|NODE_OPTIONS$|PYTHONPATH$|BASH_ENV$|HTTPS_PROXY$)/i.test(key));
    expect(leaked).toEqual([]);
    expect(countProbeChildren()).toBe(0);
  });
});
