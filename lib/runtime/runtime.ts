/**
 * The one owner of process state (STYLE.md "Process state has one owner"). Next bundles each route handler, and
 * instrumentation, with its own copy of `lib`, so a module-level cache would split into one copy per bundle: every
 * cache, circuit, session, scheduler and writer that must outlive a request lives instead in a slot of the one
 * record kept here, under one `Symbol.for` key, which every copy of this module finds (process-record.mjs, the only
 * module that touches `globalThis`; eslint.config.js forbids it elsewhere).
 *
 * It also owns start and stop: boot starts the services through `startRuntime`, every part that holds something
 * to end registers a `Teardown`, and SIGTERM/SIGINT stop them all. The plain-JavaScript server entry point reaches
 * the same record through process-record.mjs.
 */
import { ensureProcessRuntime } from "./process-record.mjs";

/** What one part of the process does when Patchbay stops. Every step may be sync or async; none may throw at its caller. */
export type Teardown = {
  /** At SIGTERM/SIGINT: start no new work, end what keeps connections open (event streams, sessions), write queued rows. */
  stop?(): unknown;
  /** Once stopped and nothing is served any more (`shutdown`): release clients — upstream sessions, database connections. */
  close?(): unknown;
  /** At process exit, synchronously (no timer fires any more): the last resort, such as SIGKILL to what is left. */
  atExit?(): void;
};

/** A service boot starts: it runs, and answers what ends it (nothing when it chose not to run). */
export type Service = () => Teardown | undefined;

export type Runtime = {
  /** The process's one value under `name`, made by `create` the first time anyone asks. */
  slot<T>(name: string, create: () => T): T;
  /** The value under `name` if someone made it, without making it. */
  find<T>(name: string): T | undefined;
  /** Registers `teardown` under `name` (again under the same name: replaced, keeping its place). */
  onShutdown(name: string, teardown: Teardown): void;
  /** Starts `service` unless one was started under `name` in this process; registers its teardown. */
  start(name: string, service: Service): void;
  /** The `stop` of every teardown, newest first; once (later calls share the first). */
  stop(): Promise<void>;
  /** `stop`, then the `close` of every teardown, newest first; once. */
  shutdown(): Promise<void>;
  /** Every `atExit`, newest first; once. */
  exit(): void;
};

/**
 * A runtime of its own (the process has one, `processRuntime()`; tests make others). Teardowns run newest first,
 * as a stack unwinds: what was made last, and may lean on what came before it, ends first. Each step is started
 * before the next one is, without waiting for it — as the signal listeners they replace did — so one slow step
 * (a stdio server's grace period) holds back no other (event streams must end at once, so the HTTP server can
 * close); `close` begins only once every `stop` has settled, so the call log is written before the database closes.
 */
export function createRuntime(): Runtime {
  const slots = new Map<string, unknown>();
  const teardowns = new Map<string, Teardown>();
  const started = new Set<string>();
  let stopping: Promise<void> | undefined;
  let shuttingDown: Promise<void> | undefined;
  let exited = false;

  const newestFirst = () => [...teardowns].reverse();
  const runAll = (step: "stop" | "close") =>
    Promise.allSettled(newestFirst().map(([name, teardown]) => runStep(name, step, teardown))).then(() => undefined);

  const runtime: Runtime = {
    slot<T>(name: string, create: () => T): T {
      if (!slots.has(name)) slots.set(name, create());
      return slots.get(name) as T;
    },
    find<T>(name: string): T | undefined {
      return slots.get(name) as T | undefined;
    },
    onShutdown(name, teardown) {
      teardowns.set(name, teardown);
      // Made while stopping (a call still in flight opened it): stopped at once, nothing started late outlives Patchbay.
      if (stopping) void runStep(name, "stop", teardown);
    },
    start(name, service) {
      if (started.has(name)) return;
      started.add(name);
      const teardown = service();
      if (teardown) runtime.onShutdown(name, teardown);
    },
    stop() {
      stopping ??= runAll("stop");
      return stopping;
    },
    shutdown() {
      shuttingDown ??= runtime.stop().then(() => runAll("close"));
      return shuttingDown;
    },
    exit() {
      if (exited) return;
      exited = true;
      for (const [name, teardown] of newestFirst()) {
        try {
          teardown.atExit?.();
        } catch (error) {
          console.error(`Patchbay: ending ${name} at exit failed:`, error);
        }
      }
    },
  };
  return runtime;
}

async function runStep(name: string, step: "stop" | "close", teardown: Teardown): Promise<void> {
  try {
    await teardown[step]?.();
  } catch (error) {
    console.error(`Patchbay: ${step === "stop" ? "stopping" : "closing"} ${name} failed:`, error);
  }
}

/** The process's runtime: one record for every bundle's copy of this module. */
export function processRuntime(): Runtime {
  return ensureProcessRuntime(createRuntime);
}

/** The process's one value under `name` (`"<feature>.<what>"`), made by `create` the first time any bundle asks. */
export function processSlot<T>(name: string, create: () => T): T {
  return processRuntime().slot(name, create);
}

/** The process's value under `name` if some bundle made it, without making it. */
export function findProcessSlot<T>(name: string): T | undefined {
  return processRuntime().find<T>(name);
}

/** Registers what ends a part of the process; it runs only in a process whose runtime was started (`startRuntime`). */
export function onShutdown(name: string, teardown: Teardown): void {
  processRuntime().onShutdown(name, teardown);
}

/**
 * At boot, in the server process: SIGTERM and SIGINT stop the runtime (`stopRuntime`) and exit runs every `atExit`;
 * then each service starts, once per process. Other processes that load lib (the CLIs, tests) keep Node's own signal
 * handling: only here are the listeners added.
 */
export function startRuntime(services: Record<string, Service>): void {
  const runtime = processRuntime();
  runtime.slot("runtime.processHooks", () => {
    for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void runtime.stop());
    process.once("exit", () => runtime.exit());
    return true;
  });
  for (const [name, service] of Object.entries(services)) runtime.start(name, service);
}

/** What SIGTERM/SIGINT do: every part stops (no new probe, streams and gateway sessions end, the call log writes through). */
export function stopRuntime(): Promise<void> {
  return processRuntime().stop();
}

/**
 * For the server entry point, once the HTTP server has closed (requests in flight answered) and before it exits:
 * `stopRuntime`, then pooled upstream sessions and database clients close. Not run at the signal itself, as a
 * request still in flight then may need the database. lib/cli/serve.mjs reaches it through process-record.mjs.
 */
export function shutdownRuntime(): Promise<void> {
  return processRuntime().shutdown();
}
