import { describe, expect, test } from "vitest";

import { nextMount } from "./next-mount";

const seen: (string | undefined)[] = [];
const mount = nextMount("/api", async (_request, pathname) => (seen.push(pathname), new Response(null, { status: 204 })));

describe("the dispatcher's mount under Next", () => {
  test("routes the path the catch-all matched (a rewrite's target), its segments encoded again as one path", async () => {
    const request = new Request("http://localhost/mcp-servers/a%2Fb?environment=production");
    await mount(request, { params: Promise.resolve({ path: ["mcp-servers", "a/b"] }) });
    await mount(request, { params: Promise.resolve({}) });
    await mount(request, {});
    expect(seen).toEqual(["/api/mcp-servers/a%2Fb", "/api", "/api"]);
  });
});
