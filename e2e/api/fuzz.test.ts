import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { fillPath } from "../support/roles";

let patchbay: PatchbayProcess;
let api: ReturnType<typeof apiClient>;
const fixture = uniqueName("fuzzed");
const UPSTREAM_ROUTES = /\/(test|health-check|tools\/\{tool\}\/call)$/;
const RUNS_PER_ROUTE = Number(process.env.PATCHBAY_FUZZ_RUNS ?? 25);

/** A valid body, then broken in the ways clients break bodies: wrong types, missing and extra keys, junk strings. */
const validBody = httpServer(fixture, {
  transport: { type: "http", url: "http://127.0.0.1:9/mcp", headers: { "X-A": "b" } },
  parameters_schema: { type: "object", properties: { ns: { type: "string" } } },
  environments: { prod: { url: "http://127.0.0.1:10/mcp" } },
  tags: ["t"],
});
const paths = ["name", "description", "version", "transport", "transport.type", "transport.url", "transport.headers", "parameters_schema", "environments", "environments.prod", "tags"];

const mutatedBody = fc.record({ path: fc.constantFrom(...paths), value: fc.oneof(fc.anything(), fc.string(), fc.constant(null), fc.constant("••••")) })
  .map(({ path, value }) => setPath(structuredClone(validBody), path.split("."), value));
const anyBody = fc.oneof(
  fc.anything().map((value) => JSON.stringify(value) ?? "null"),
  fc.string(),
  mutatedBody.map((body) => JSON.stringify(body)),
  fc.json(),
);

beforeAll(async () => {
  patchbay = await startPatchbay({ env: { PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false", PATCHBAY_RATE_WRITES_PER_MIN: "100000" } });
  api = apiClient(patchbay.baseUrl);
});
afterAll(async () => patchbay?.stop());

async function ensureFixture() {
  if ((await api.get(`/api/mcp-servers/${fixture}`)).status === 404) await api.post("/api/mcp-servers", validBody);
}

/** Everything a write could change, read through the API; the newest revision id catches any write. */
async function storedState() {
  const [list, raw, audit] = await Promise.all([
    api.get("/api/mcp-servers?limit=1000"),
    api.get(`/api/mcp-servers/${fixture}?raw=true`),
    api.get("/api/audit?limit=1"),
  ]);
  return JSON.stringify([list.body, raw.body, audit.body]);
}

describe("property: random and mutated bodies to every write route", () => {
  test("never a 500, and a 4xx changes nothing", async () => {
    const document = (await api.get("/api/openapi.json")).body;
    const writes = Object.entries<Record<string, unknown>>(document.paths).flatMap(([path, item]) =>
      Object.keys(item).filter((method) => method !== "get").map((method) => ({ path, method: method.toUpperCase() })));
    expect(writes.length).toBeGreaterThan(8);

    for (const { path, method } of writes) {
      await fc.assert(
        fc.asyncProperty(anyBody, async (body) => {
          await ensureFixture();
          const before = await storedState();
          const response = await api.request(method, fillPath(path, { name: fixture, n: "1", id: "x", tool: "echo" }), {
            rawBody: method === "DELETE" ? undefined : body,
          });
          // 502 is the upstream MCP server's failure reported as such (the fixture points at a closed port), not ours.
          const isUpstreamAnswer = response.status === 502 && UPSTREAM_ROUTES.test(path);
          if (!isUpstreamAnswer) expect(response.status, `${method} ${path} with ${body.slice(0, 200)}`).toBeLessThan(500);
          if (response.status >= 400) expect(await storedState(), `${method} ${path} → ${response.status} changed data`).toBe(before);
        }),
        { numRuns: method === "DELETE" ? 3 : RUNS_PER_ROUTE, seed: Number(process.env.PATCHBAY_FUZZ_SEED ?? 20261121) },
      );
    }
  }, 300_000);
});

function setPath(target: Record<string, unknown>, keys: string[], value: unknown): Record<string, unknown> {
  let cursor: Record<string, unknown> = target;
  for (const key of keys.slice(0, -1)) {
    if (typeof cursor[key] !== "object" || cursor[key] === null) cursor[key] = {};
    cursor = cursor[key] as Record<string, unknown>;
  }
  cursor[keys[keys.length - 1]] = value;
  return target;
}
