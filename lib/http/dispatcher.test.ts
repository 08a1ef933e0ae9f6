import { describe, expect, test } from "vitest";

import { defineOperation, type HttpMethod } from "../api/operation";
import { dispatcherFor } from "./dispatcher";
import { answering, type RouteHandler } from "./route";

/** A handler that answers with what the dispatcher gave it: its operation and its params. */
function echo(method: HttpMethod, path: string): RouteHandler {
  const operation = defineOperation({ method, path, summary: path, tag: "test", role: "public", responses: { 200: { description: "ok" } } });
  return answering(operation, async (_request, context) => Response.json({ route: `${method} ${path}`, params: await context.params }));
}

const dispatch = dispatcherFor([
  echo("GET", "/api/things/{name}"),
  echo("PUT", "/api/things/{name}"),
  echo("GET", "/api/things/new"),
  echo("GET", "/api/things/{name}/parts/{part}"),
  echo("GET", "/v0.1/things"),
]);

const call = (method: string, path: string, headers?: Record<string, string>) => dispatch(new Request(`http://localhost${path}`, { method, headers }));

describe("the dispatcher", () => {
  test("a literal segment wins over a parameter; parameters arrive decoded, an encoded slash included", async () => {
    expect(await (await call("GET", "/api/things/new")).json()).toEqual({ route: "GET /api/things/new", params: {} });
    expect(await (await call("GET", "/api/things/a%2Fb%20c")).json()).toEqual({ route: "GET /api/things/{name}", params: { name: "a/b c" } });
    expect(await (await call("GET", "/api/things/x/parts/7")).json()).toEqual({ route: "GET /api/things/{name}/parts/{part}", params: { name: "x", part: "7" } });
  });

  test("a parameter is tried when the literal's subtree has no route for the rest of the path", async () => {
    expect(await (await call("GET", "/api/things/new/parts/1")).json()).toEqual({ route: "GET /api/things/{name}/parts/{part}", params: { name: "new", part: "1" } });
  });

  test("no route: problem+json 404, CORS-readable under /v0.1; security headers on every answer", async () => {
    const missing = await call("GET", "/api/nothing/here");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toBe("application/problem+json");
    expect((await missing.json()).detail).toBe("No API route at /api/nothing/here.");
    expect(missing.headers.get("x-content-type-options")).toBe("nosniff");
    expect(missing.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect((await call("GET", "/v0.1/nothing")).headers.get("access-control-allow-origin")).toBe("*");
    expect((await call("GET", "/api/things/")).status).toBe(308);
    expect((await call("GET", "/api/things/x/")).headers.get("location")).toBe("/api/things/x");
  });

  test("a known path with another method: 405 naming the methods it answers", async () => {
    const refused = await call("DELETE", "/api/things/x");
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toBe("GET, PUT, HEAD, OPTIONS");
    expect((await call("OPTIONS", "/api/things/x")).headers.get("allow")).toBe("GET, PUT, HEAD, OPTIONS");
  });

  test("HEAD is GET without a body; OPTIONS under /v0.1 is the CORS preflight", async () => {
    const head = await call("HEAD", "/api/things/x");
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const preflight = await call("OPTIONS", "/v0.1/things", { Origin: "https://ide.example", "Access-Control-Request-Method": "GET" });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-methods")).toBe("GET, OPTIONS");
  });

  test("a path that is not validly percent-encoded is a 400, not a 500", async () => {
    const refused = await call("GET", "/api/things/%E0%A4%A");
    expect(refused.status).toBe(400);
    expect((await refused.json()).detail).toBe("The path is not validly percent-encoded.");
  });

  test("two handlers for one operation, or two names for one parameter, are refused when the table is built", () => {
    expect(() => dispatcherFor([echo("GET", "/api/a/{x}"), echo("GET", "/api/a/{x}")])).toThrow("GET /api/a/{x} has two handlers");
    expect(() => dispatcherFor([echo("GET", "/api/a/{x}"), echo("PUT", "/api/a/{y}")])).toThrow("{y} where another operation has {x}");
  });
});
