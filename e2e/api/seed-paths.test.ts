import { describe, expect, inject, test } from "vitest";

import { apiClient } from "../support/api-client";
import { givenAgent, givenCapability, givenServer } from "../support/documents";

const api = apiClient(inject("baseUrl"));
const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

function varyFields(headers: Headers): string[] {
  return (headers.get("vary") ?? "").split(",").map((field) => field.trim().toLowerCase());
}

describe("the seed's own paths answer /api JSON to clients that do not ask for HTML (DESIGN §3)", () => {
  test.each<{ path: (names: Names) => string; what: string }>([
    // Lists filtered to this test's own data: other test files write beside it.
    { path: (names) => `/mcp-servers?search=${names.server}`, what: "the server list" },
    { path: (names) => `/mcp-servers/${names.server}`, what: "one server" },
    { path: (names) => `/mcp-servers/${names.server}/used-by`, what: "used-by" },
    { path: (names) => `/capabilities?search=${names.capability}`, what: "the capability list" },
    { path: (names) => `/capabilities/${names.capability}`, what: "one capability" },
    { path: (names) => `/agents?search=${names.agent}`, what: "the agent list" },
    { path: (names) => `/agents/${names.agent}`, what: "one agent's blueprint" },
  ])("GET $what at a seed path — same JSON as /api, Vary: Accept", async ({ path }) => {
    const names = await givenNames();
    const seedPath = path(names);

    for (const accept of [undefined, "application/json", "*/*"]) {
      const seed = await api.get(seedPath, accept ? { Accept: accept } : {});
      const canonical = await api.get(`/api${seedPath}`);

      expect(seed.status).toBe(200);
      expect(seed.headers.get("content-type")).toContain("application/json");
      expect(stripVolatile(seed.body)).toEqual(stripVolatile(canonical.body));
      expect(varyFields(seed.headers)).toContain("accept");
    }
  });

  test("query strings and bodies pass through: a seed-path blueprint with ?format=claude", async () => {
    const { agent, server } = await givenNames();

    const response = await api.post(`/agents/${agent}/blueprint?format=claude`, { environment: "production" });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ mcpServers: { [server]: { command: "npx", args: ["-y", "mcp-remote", "http://127.0.0.1:9/mcp"] } } });
    expect(varyFields(response.headers)).toContain("accept");
  });

  test("errors at seed paths are the same problem+json", async () => {
    const response = await api.get("/agents/no-such-agent-here");

    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
  });

  test.each(["/mcp-servers", "/capabilities", "/agents"])("GET %s with Accept: text/html — a page, not JSON, with Vary: Accept", async (path) => {
    const response = await api.get(path, { Accept: BROWSER_ACCEPT });

    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.text.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(varyFields(response.headers)).toContain("accept");
  });

  test("the dashboard router's own fetches (rsc header, any Accept) stay pages", async () => {
    const response = await api.get("/mcp-servers", { Accept: "*/*", RSC: "1" });

    expect(response.headers.get("content-type") ?? "").not.toContain("application/json");
  });

  test("/api paths are not affected", async () => {
    const response = await api.get("/api/mcp-servers?limit=1", { Accept: BROWSER_ACCEPT });

    expect(response.headers.get("content-type")).toContain("application/json");
    expect(varyFields(response.headers)).not.toContain("accept");
  });
});

type Names = { server: string; capability: string; agent: string };

async function givenNames(): Promise<Names> {
  const server = await givenServer(api, "seed-path");
  const capability = await givenCapability(api, "seed-path");
  const agent = await givenAgent(api, "seed-path", { capabilities: [capability], mcp_servers: [server] });
  return { server, capability, agent };
}

/** Health results may land between the two reads. */
function stripVolatile(body: unknown): unknown {
  return JSON.parse(JSON.stringify(body), (key, value) => (key === "health" ? undefined : value));
}
