import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, test } from "vitest";

import { allOperations } from "./all-operations";
import type { Operation } from "./operation";

const root = path.resolve(import.meta.dirname, "../..");

/** Catch-alls answer problem+json 404 for any path no route claims; they have no operation on purpose. */
const CATCH_ALLS = ["app/api/[...path]/route.ts", "app/v0.1/[...path]/route.ts"];

const routeFiles = (readdirSync(path.join(root, "app"), { recursive: true }) as string[])
  .filter((file) => path.basename(file) === "route.ts")
  .map((file) => path.posix.join("app", file.split(path.sep).join("/")))
  .sort();

/** `app/api/mcp-servers/[name]/route.ts` → `/api/mcp-servers/{name}` */
function toOperationPath(file: string): string {
  return file.replace(/^app/, "").replace(/\/route\.ts$/, "").replace(/\[(\w+)\]/g, "{$1}") || "/";
}

/** `export const GET = route(listServersOperation, …)` (or `registryRoute(…)`) → GET → listServersOperation, read from the source text. */
function exportedHandlers(file: string): Map<string, string | null> {
  const source = readFileSync(path.join(root, file), "utf8");
  const handlers = new Map<string, string | null>();
  for (const [, method, operation] of source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s*=\s*(?:(?:route|registryRoute)\(\s*(\w+))?/g)) {
    handlers.set(method, operation ?? null);
  }
  // A CORS preflight (the /v0.1 routes, DESIGN §13) is not an operation of its own.
  if (/export const OPTIONS\s*=\s*preflight;/.test(source)) handlers.delete("OPTIONS");
  for (const [, list] of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const [, method] of list.matchAll(/as\s+(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b/g)) handlers.set(method, null);
  }
  return handlers;
}

/** Every `…Operation` exported by lib/api, by its export name. */
async function operationsByName(): Promise<Map<string, Operation>> {
  const modules = readdirSync(path.join(root, "lib/api")).filter((file) => /^[a-z-]+\.ts$/.test(file));
  const byName = new Map<string, Operation>();
  for (const file of modules) {
    const exports = (await import(/* @vite-ignore */ path.join(root, "lib/api", file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) if (allOperations.includes(value as Operation)) byName.set(name, value as Operation);
  }
  return byName;
}

describe("the operation table is the router's contract", () => {
  test("there are route files, and the catch-alls are the only ones without operations", () => {
    expect(routeFiles.length).toBeGreaterThan(30);
    for (const file of CATCH_ALLS) expect(routeFiles).toContain(file);
  });

  test.each(routeFiles.filter((file) => !CATCH_ALLS.includes(file)))("%s exports exactly its operations' methods, each with its own operation", async (file) => {
    const operationPath = toOperationPath(file);
    const declared = allOperations.filter((operation) => operation.path === operationPath).map((operation) => operation.method).sort();
    const handlers = exportedHandlers(file);
    expect([...handlers.keys()].sort(), `methods of ${file} vs operations at ${operationPath}`).toEqual(declared);

    const byName = await operationsByName();
    for (const [method, name] of handlers) {
      expect(name, `${method} in ${file} is built with route(<operation>, …)`).not.toBeNull();
      const operation = byName.get(name!);
      expect(operation, `${name} is in allOperations`).toBeDefined();
      expect(`${operation!.method} ${operation!.path}`).toBe(`${method} ${operationPath}`);
    }
  });

  test("every operation has a route file", () => {
    const served = new Set(routeFiles.flatMap((file) => [...exportedHandlers(file).keys()].map((method) => `${method} ${toOperationPath(file)}`)));
    const missing = allOperations.map((operation) => `${operation.method} ${operation.path}`).filter((key) => !served.has(key));
    expect(missing).toEqual([]);
  });
});
