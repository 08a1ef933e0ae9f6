import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, test } from "vitest";

import { allHandlers } from "../endpoints/all-endpoints";
import { allOperations } from "./all-operations";

const root = path.resolve(import.meta.dirname, "../..");

const routeFiles = (readdirSync(path.join(root, "app"), { recursive: true }) as string[])
  .filter((file) => path.basename(file) === "route.ts")
  .map((file) => path.posix.join("app", file.split(path.sep).join("/")))
  .sort();

describe("the operation table is the router's contract (DESIGN §15)", () => {
  test("Next's only route files are the dispatcher's mounts, one per prefix", () => {
    expect(routeFiles).toEqual(["app/.well-known/[...path]/route.ts", "app/api/[...path]/route.ts", "app/mcp/[...path]/route.ts", "app/metrics/route.ts", "app/oauth/[...path]/route.ts", "app/sign-in/oidc/[[...path]]/route.ts", "app/v0.1/[...path]/route.ts"]);
    for (const file of routeFiles) {
      const source = readFileSync(path.join(root, file), "utf8");
      const prefix = file.replace(/^app/, "").replace(/\/(\[\[?\.\.\.path\]\]?\/)?route\.ts$/, "");
      expect(source, file).toContain(`const answer = nextMount("${prefix}", dispatch);`);
      expect(source.match(/answer as (\w+)/g), file).toEqual(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].map((method) => `answer as ${method}`));
    }
  });

  test("every operation has exactly one handler, and every handler answers an operation of the table", () => {
    const answered = allHandlers.map((handler) => handler.operation);
    expect(new Set(answered).size).toBe(answered.length);
    expect(answered.filter((operation) => !allOperations.includes(operation)).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    expect(allOperations.filter((operation) => !answered.includes(operation)).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });

  const endpointFiles = readdirSync(path.join(root, "lib/endpoints")).filter((file) => /^[a-z-]+\.ts$/.test(file) && file !== "all-endpoints.ts");

  test.each(endpointFiles)("lib/endpoints/%s answers the rows of its twin in lib/api", async (file) => {
    const handlers = Object.values((await import(/* @vite-ignore */ path.join(root, "lib/endpoints", file))) as Record<string, (typeof allHandlers)[number]>);
    const twin = file === "openapi.ts" ? "system.ts" : file;
    const rows = Object.values((await import(/* @vite-ignore */ path.join(root, "lib/api", twin))) as Record<string, unknown>);
    expect(handlers.length).toBeGreaterThan(0);
    for (const handler of handlers) expect(rows, `${handler.operation.method} ${handler.operation.path}`).toContain(handler.operation);
  });
});
