import { describe, expect, it, vi } from "vitest";

import { createRuntime, processSlot } from "./runtime";

describe("processSlot", () => {
  it("hands every copy of the module (every route bundle) the same value, made once", async () => {
    const create = vi.fn(() => new Map<string, number>());
    const first = processSlot("test.shared", create);
    vi.resetModules();
    // A second instance of the module, as a second route bundle holds (the query makes it a distinct module).
    const copy: typeof import("./runtime") = await import(/* @vite-ignore */ `./runtime?copy=${Date.now()}`);
    expect(copy.processSlot).not.toBe(processSlot);
    expect(copy.processSlot("test.shared", () => new Map<string, number>())).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it("keeps different names apart", () => {
    expect(processSlot("test.a", () => ({ name: "a" }))).not.toBe(processSlot("test.b", () => ({ name: "b" })));
  });
});

describe("createRuntime", () => {
  it("stops every part newest first, and only once however often it is asked", async () => {
    const runtime = createRuntime();
    const order: string[] = [];
    for (const name of ["db", "health", "calls"]) runtime.onShutdown(name, { stop: () => void order.push(name) });
    await Promise.all([runtime.stop(), runtime.stop()]);
    await runtime.stop();
    expect(order).toEqual(["calls", "health", "db"]);
  });

  it("shuts down: every stop has settled before the first close, each close newest first, once", async () => {
    const runtime = createRuntime();
    const order: string[] = [];
    let finishCallLog!: () => void;
    runtime.onShutdown("database client", { close: () => void order.push("close database client") });
    runtime.onShutdown("upstream pool", { close: () => void order.push("close upstream pool") });
    runtime.onShutdown("call log", {
      stop: () => new Promise<void>((resolve) => (finishCallLog = () => (order.push("call log written"), resolve()))),
    });
    runtime.onShutdown("health", { stop: () => void order.push("stop health") });

    const shutdown = runtime.shutdown();
    expect(runtime.shutdown()).toBe(shutdown);
    // Started together: the slow call log holds back no other stop, but every close waits for it.
    await vi.waitFor(() => expect(order).toEqual(["stop health"]));
    finishCallLog();
    await shutdown;
    await runtime.shutdown();
    expect(order).toEqual(["stop health", "call log written", "close upstream pool", "close database client"]);
  });

  it("goes on past a part that fails to stop", async () => {
    const runtime = createRuntime();
    const stopped: string[] = [];
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    runtime.onShutdown("first", { stop: () => void stopped.push("first") });
    runtime.onShutdown("broken", { stop: () => { throw new Error("boom"); } });
    runtime.onShutdown("rejecting", { stop: () => Promise.reject(new Error("boom")) });
    await runtime.stop();
    expect(stopped).toEqual(["first"]);
    expect(error.mock.calls.map(([message]) => message).sort()).toEqual(["Patchbay: stopping broken failed:", "Patchbay: stopping rejecting failed:"]);
    error.mockRestore();
  });

  it("stops a part made after stopping began at once", async () => {
    const runtime = createRuntime();
    await runtime.stop();
    const stop = vi.fn();
    runtime.onShutdown("late call log", { stop });
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it("starts a service once per name and registers what ends it", async () => {
    const runtime = createRuntime();
    const stop = vi.fn();
    const service = vi.fn(() => ({ stop }));
    runtime.start("health checks", service);
    runtime.start("health checks", service);
    runtime.start("sync", () => undefined);
    await runtime.stop();
    expect(service).toHaveBeenCalledTimes(1);
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it("runs every atExit newest first, once", () => {
    const runtime = createRuntime();
    const order: string[] = [];
    runtime.onShutdown("health", { atExit: () => void order.push("health") });
    runtime.onShutdown("workers", { atExit: () => void order.push("workers") });
    runtime.exit();
    runtime.exit();
    expect(order).toEqual(["workers", "health"]);
  });
});
