import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import http from "node:http";

import { apiClient, httpServer } from "../support/api-client";
import { freePort, startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { mintRoleTokens, type TestRole } from "../support/roles";
import { freshDatabaseUrl, removeDatabase } from "../support/test-database";

/**
 * DESIGN §3 "never a 500 for bad input" and "a refused write changes nothing", as a property over the whole
 * API: random and near-valid bodies to every write operation of /api/openapi.json and random query strings
 * to every GET, in batches. After a batch whose every write was refused (4xx), the stored state must be
 * byte-for-byte what it was before the batch; a batch with an accepted write re-takes the fingerprint.
 */
const ADMIN_TOKEN = "pb_fuzz_admin_token_0123456789abcdef";
const SEED = Number(process.env.PATCHBAY_FUZZ_SEED ?? 20261121);
const BATCH_SIZE = 24;
const BATCHES = Number(process.env.PATCHBAY_FUZZ_BATCHES ?? 420);
const CONCURRENCY = 6;
/** Each sent three times (plain, crafted, plain again): with the batches above, well over 10,000 requests per engine. */
const CRAFTED_CASES = Number(process.env.PATCHBAY_FUZZ_CRAFTED ?? 1200);
// 502 is the upstream MCP server's failure reported as such (the fixtures point at a refusing port), not ours.
const UPSTREAM_ROUTES = /\/(test|health-check|tools\/\{tool\}\/call)$/;

const SERVER = "fz-server";
const CAPABILITY = "fz-capability";
const AGENT = "fz-agent";
const PLAIN = "FZ_PLAIN";
const SECRET = "FZ_SECRET";

let patchbay: PatchbayProcess;
let databaseUrl: string;
let tokens: Record<TestRole, string>;
let spareTokenId: string;
let refusingUrl: string;
const admin = () => apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });

beforeAll(async () => {
  refusingUrl = `http://127.0.0.1:${await freePort()}/mcp`;
  databaseUrl = await freshDatabaseUrl("fuzz");
  patchbay = await startPatchbay({
    databaseUrl,
    env: {
      PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false",
      // Secrets are planted: PostgreSQL needs a configured key (DESIGN §10); SQLite would make a key file.
      PATCHBAY_SECRET_KEY: "BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=",
      PATCHBAY_RATE_WRITES_PER_MIN: "1000000", PATCHBAY_RATE_TESTS_PER_MIN: "1000000", PATCHBAY_HEALTH_INTERVAL_S: "0",
    },
  });
  tokens = await mintRoleTokens(patchbay.baseUrl, ADMIN_TOKEN);
  const spare = await admin().post("/api/tokens", { name: "fuzz-spare", role: "viewer" });
  expect(spare.status).toBe(201);
  spareTokenId = spare.body.id;
  await ensureFixtures();
}, 120_000);

afterAll(async () => {
  await patchbay?.stop();
  if (databaseUrl) removeDatabase(databaseUrl);
});

// ---------------------------------------------------------------------------------------------------------
// Fixtures: path parameters sometimes name entities that exist.

const serverBody = (name: string) => httpServer(name, {
  transport: { type: "http", url: refusingUrl, headers: { "X-Team": "core", Authorization: `Bearer \${${SECRET}}` } },
  parameters_schema: { type: "object", properties: { ns: { type: "string", maxLength: 20 } }, required: ["ns"] },
  environments: { prod: { url: refusingUrl.replace("/mcp", "/prod") } },
  tags: ["fuzz"],
});
const capabilityBody = (name: string) => ({ name, description: "Fuzzed capability", mcp_servers: [SERVER], tags: ["fuzz"] });
const agentBody = (name: string) => ({ name, description: "Fuzzed agent", capabilities: [CAPABILITY], mcp_servers: { direct: SERVER } });

/** Re-creates whatever fixture an accepted write removed or renamed (variables first: the server names one). */
async function ensureFixtures() {
  const api = admin();
  const put = async (path: string, body: unknown) => {
    if ((await api.get(path)).status === 404) await api.put(path, body);
  };
  await put(`/api/variables/${PLAIN}`, { value: "plain-value" });
  await put(`/api/variables/${SECRET}`, { secret: true, value: "fuzz-secret-value", scope: { hosts: ["127.0.0.1"] } });
  for (const [path, create, body] of [
    [`/api/mcp-servers/${SERVER}`, "/api/mcp-servers", serverBody(SERVER)],
    [`/api/capabilities/${CAPABILITY}`, "/api/capabilities", capabilityBody(CAPABILITY)],
    [`/api/agents/${AGENT}`, "/api/agents", agentBody(AGENT)],
  ] as const) {
    const seen = await api.get(path);
    if (seen.status === 404) await api.post(create, body);
    // An accepted PUT or PATCH may have pointed the fixture elsewhere: upstream routes must stay fast.
    else if (path.includes("mcp-servers") && !JSON.stringify(seen.body).includes(refusingUrl)) await api.put(path, serverBody(SERVER));
  }
}

/** Everything a write could change, read as admin; per-type newest audit entries catch any new revision. */
async function fingerprint(): Promise<string> {
  const api = admin();
  const types = ["server", "capability", "agent", "variable", "token", "secret-key"];
  const reads = await Promise.all([
    api.get("/api/export"),
    api.get("/api/variables"),
    api.get("/api/tokens"),
    api.get(`/api/mcp-servers/${SERVER}/health`),
    ...types.map((type) => api.get(`/api/audit?entity_type=${type}&limit=1`)),
  ]);
  for (const read of reads) if (read.status >= 500) throw new Error(`fingerprint read failed: ${read.status} ${read.text.slice(0, 300)}`);
  // Using a token is not a change of stored definitions: last_used_at moves with every request.
  const tokenList = (reads[2].body.tokens as Record<string, unknown>[]).map(({ last_used_at: _used, ...token }) => token);
  return JSON.stringify([reads[0].text, reads[1].text, tokenList, ...reads.slice(3).map((read) => read.text)]);
}

// ---------------------------------------------------------------------------------------------------------
// Generators.

type Operation = { method: string; path: string; queryKeys: string[]; hasBody: boolean; rawBody: boolean };
type Caller = TestRole | "anonymous" | "bogus";
type FuzzCase = { operation: Operation; path: string; query: string; caller: Caller; body?: string; headers: Record<string, string> };

const HUGE = fc.integer({ min: 10_000, max: 300_000 }).map((length) => "x".repeat(length));
const DEEP = fc.integer({ min: 50, max: 20_000 }).chain((depth) => fc.constantFrom(
  "[".repeat(depth) + "]".repeat(depth),
  '{"a":'.repeat(depth) + "1" + "}".repeat(depth),
));
const BAD_PLACEHOLDERS = ["${", "${}", "${lower}", "${A", "}}", "{{x", "{{", "${PATCHBAY_ADMIN_TOKEN}", "${DATABASE_URL}", "${" + "A".repeat(5000) + "}", "$${X}", "${X:-default}", "{{ns}", "${FZ_SECRET}", "${FZ_PLAIN}"];
const BAD_NAMES = ["", " ", ".", "..", "a/b", "../x", "%", "%2e%2e", "A", "UPPER", "a b", "-x", "x-", "é", "名前", "\u0000", "\u202e", "x".repeat(300), "fz-server", "fz-capability", "fz-agent", "FZ_SECRET", "PATCHBAY_X", "DATABASE_URL", "con", "null", "__proto__", "constructor"];
/** Not text at all (lone UTF-16 surrogates): valid in a JSON body as escapes, but no store can hold them. */
const NOT_TEXT = ["\ud800", "x\udc00y", "\udfff\ud800"];
const SECRETISH = ["••••", "Bearer ••••", "sk-live-0123456789", "Bearer sk-live-0123456789"];
const ODD_STRINGS = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.string({ unit: "binary", maxLength: 50 }),
  fc.constantFrom(...BAD_PLACEHOLDERS, ...BAD_NAMES, ...NOT_TEXT, ...SECRETISH, "http://", "http://127.0.0.1:0/mcp", "file:///etc/passwd", "javascript:alert(1)", "stdio", "sse", "http"),
);
const ANY_VALUE: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue() },
  { weight: 3, arbitrary: ODD_STRINGS },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, true, false, [], {}) },
  { weight: 1, arbitrary: HUGE },
  { weight: 1, arbitrary: fc.integer({ min: 20, max: 400 }).map((depth) => nest(depth)) },
);

/** A valid body for each write operation, by path; the fuzz mutates it. Names vary so creates sometimes pass. */
function validBody(method: string, path: string, name: string): unknown {
  const key = `${method} ${path}`;
  if (path.startsWith("/api/mcp-servers/{name}/validate")) return { parameters: { ns: "a" }, environment: "prod" };
  if (path.endsWith("/test") || path.endsWith("/health-check")) return { environment: "prod", parameters: { ns: "a" } };
  if (path.endsWith("/call")) return { arguments: { message: "hi" }, environment: "prod", parameters: { ns: "a" } };
  if (path.startsWith("/api/mcp-servers")) return serverBody(name);
  if (path.endsWith("/blueprint")) return { environment: "prod", parameters: { direct: { ns: "a" } }, context: { user: "u" } };
  if (path.startsWith("/api/capabilities")) {
    return { name, description: "d", mcp_servers: { inline: { type: "http", url: refusingUrl, headers: { "X-Api-Key": "sk-inline-1234" } }, ref: SERVER } };
  }
  if (path.startsWith("/api/agents")) return { ...agentBody(name), capabilities: [CAPABILITY] };
  if (path.startsWith("/api/variables")) return { name: name.toUpperCase().replace(/[^A-Z0-9]/g, "_"), secret: true, value: "v", scope: { hosts: ["127.0.0.1"], servers: [SERVER] }, environments: { prod: "p" } };
  if (key === "POST /api/tokens") return { name, role: "viewer", expires_at: null };
  if (key === "POST /api/session") return { token: tokens.viewer };
  if (key === "POST /api/import") return { mcp_servers: [serverBody(name)], capabilities: [], agents: [] };
  return {};
}

/** The JSON paths of a value (objects and arrays), so a mutation can land anywhere in it. */
function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== "object") return [prefix];
  return [prefix, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...prefix, key]))];
}

function mutate(body: unknown, path: string[], change: "set" | "delete" | "extra", value: unknown): unknown {
  if (path.length === 0) return change === "set" ? value : body;
  const copy = structuredClone(body) as Record<string, unknown>;
  let cursor = copy;
  for (const key of path.slice(0, -1)) cursor = cursor[key] as Record<string, unknown>;
  const last = path[path.length - 1];
  if (change === "delete") delete cursor[last];
  else if (change === "extra" && cursor[last] !== null && typeof cursor[last] === "object") (cursor[last] as Record<string, unknown>)["unexpected_key"] = value;
  else cursor[last] = value;
  return copy;
}

const NAME_POOL = [SERVER, CAPABILITY, AGENT, PLAIN, SECRET, "missing-name", "MISSING_NAME"];

/** Path parameter values: existing entities, missing ones and garbage, some percent-encoded oddly. */
const pathValue = (key: string): fc.Arbitrary<string> => {
  const pool = key === "n" ? ["1", "2", "0", "-1", "1.5", "abc", "99999999999999999999", "1e3", " 1"]
    : key === "id" ? [spareTokenId, "x", "0", "00000000-0000-0000-0000-000000000000"]
      : key === "tool" ? ["echo", "", "x".repeat(300), "a/b"]
        : key === "environment" ? ["prod", "production", "none", "PROD", "../x"]
          : NAME_POOL;
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...pool).map(encodeURIComponent) },
    { weight: 2, arbitrary: fc.constantFrom(...BAD_NAMES).map(encodeURIComponent) },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }).map(encodeURIComponent) },
    { weight: 1, arbitrary: fc.constantFrom("%", "%zz", "%C3%28", "%00", "%FF%FE", "%25", "a%2Fb", "%2e%2e", "%E2%80%AE", "x%", "+") },
  );
};

const QUERY_VALUES = fc.oneof(
  fc.constantFrom("", "0", "-1", "1", "1001", "1000000000000", "1e3", "0x10", "NaN", "Infinity", "1.5", " 5", "true", "false", "yes", "TRUE", "null", "undefined"),
  fc.constantFrom("claude", "cursor", "vscode", "unified", "fail", "skip", "overwrite", "placeholders", "keep", "prod", "production", "ok", "down", "unknown", "http", "stdio", "server", "agent"),
  fc.constantFrom("%", "%zz", "%C3%28", "%00", "%FF", "%2C%2C", ",,,", "a,b,,c", "+", "%2B", "%20", "&", "=", "==", "%26%3D", "%E2%80%AE", "%F0%9F%98%80"),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
  fc.string({ unit: "grapheme", maxLength: 20 }).map(encodeURIComponent),
  fc.base64String({ maxLength: 80 }),
  // Long, yet the whole request line stays under 8 KiB (what servers and proxies commonly accept).
  fc.integer({ min: 200, max: 1400 }).map((length) => "c".repeat(length)),
);

const queryString = (keys: string[]): fc.Arbitrary<string> => {
  const key = fc.oneof(
    { weight: 4, arbitrary: keys.length ? fc.constantFrom(...keys) : fc.constant("limit") },
    { weight: 1, arbitrary: fc.constantFrom("unknown", "filter", "LIMIT", "limit[]", "raw", "environment", "force", "__proto__", "%", "a%20b", "") },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }).map(encodeURIComponent) },
  );
  const pair = fc.oneof(
    { weight: 8, arbitrary: fc.tuple(key, QUERY_VALUES).map(([name, value]) => `${name}=${value}`) },
    { weight: 1, arbitrary: key },
  );
  return fc.array(pair, { maxLength: 5 }).chain((pairs) => fc.constantFrom("&", "&&", ";").map((joiner) => pairs.join(joiner)));
};

const rawBodies = fc.oneof(
  fc.anything().map((value) => JSON.stringify(value) ?? "null"),
  fc.json(),
  fc.string(),
  fc.string({ unit: "binary", maxLength: 200 }),
  DEEP,
  fc.constantFrom("", "{", "{}", "[]", "null", "\"\"", "{\"__proto__\": {\"polluted\": true}}", "{\"a\":1,\"a\":2}", "\uFEFF{}", "{} trailing", "1e400"),
);

function caseFor(operation: Operation): fc.Arbitrary<FuzzCase> {
  const pathKeys = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  const pathArb = fc.tuple(...pathKeys.map(pathValue)).map((values) => {
    let index = 0;
    return operation.path.replace(/\{\w+\}/g, () => values[index++]);
  });
  const caller = fc.oneof(
    { weight: 14, arbitrary: fc.constant<Caller>("admin") },
    { weight: 2, arbitrary: fc.constant<Caller>("editor") },
    { weight: 1, arbitrary: fc.constantFrom<Caller>("viewer", "runner", "anonymous", "bogus") },
  );
  const headers = fc.oneof(
    { weight: 8, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.constantFrom('"1"', '"0"', "W/\"1-abc\"", "*", "garbage", '"99999999999999999999"').map((value) => ({ "If-Match": value })) },
    { weight: 1, arbitrary: fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data", "application/json; charset=latin1").map((value) => ({ "Content-Type": value })) },
  );
  const isWrite = operation.method !== "GET";
  const body: fc.Arbitrary<string | undefined> = !isWrite ? fc.constant(undefined)
    : fc.oneof(
      { weight: 5, arbitrary: fc.tuple(fc.constantFrom(...NAME_POOL, "fz-new", "fz-other"), fc.nat(), fc.constantFrom<"set" | "delete" | "extra">("set", "set", "delete", "extra"), ANY_VALUE)
        .map(([name, salt, change, value]) => {
          const valid = validBody(operation.method, operation.path, salt % 3 === 0 ? `${name}-${salt % 97}` : name);
          const paths = pathsOf(valid);
          return JSON.stringify(mutate(valid, paths[salt % paths.length], change, value)) ?? "null";
        }) },
      { weight: 1, arbitrary: fc.constantFrom(...NAME_POOL).map((name) => JSON.stringify(validBody(operation.method, operation.path, name))) },
      { weight: 3, arbitrary: rawBodies },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
  return fc.record({ path: pathArb, query: queryString(operation.queryKeys), caller, body, headers })
    .map((generated) => ({ operation, ...generated }));
}

function nest(depth: number): unknown {
  let value: unknown = "leaf";
  for (let index = 0; index < depth; index++) value = index % 2 ? [value] : { nested: value };
  return value;
}

// ---------------------------------------------------------------------------------------------------------
// Running.

type Outcome = { status: number; summary: string };

async function send(fuzz: FuzzCase): Promise<Outcome> {
  const authorization: Record<string, string> = fuzz.caller === "anonymous" ? {}
    : { Authorization: `Bearer ${fuzz.caller === "bogus" ? "pb_not_a_token" : fuzz.caller === "admin" ? ADMIN_TOKEN : tokens[fuzz.caller]}` };
  const url = `${patchbay.baseUrl}${fuzz.path}${fuzz.query ? `?${fuzz.query}` : ""}`;
  const summary = `${fuzz.caller} ${fuzz.operation.method} ${url.slice(patchbay.baseUrl.length, 400)} ${JSON.stringify(fuzz.headers)} body=${fuzz.body?.slice(0, 300)}`;
  // Wrong tokens are failed authentications, throttled per client address (DESIGN §14): they come from another
  // loopback address, so the throttle they earn never refuses the other callers' requests.
  if (fuzz.caller === "bogus") {
    const target = new URL(url);
    const headers = { ...(fuzz.body === undefined ? {} : { "Content-Type": "application/json" }), ...authorization, ...fuzz.headers };
    const answer = await exchange(fuzz.operation.method, `${target.pathname}${target.search}`, headers, fuzz.body, "127.0.0.2").catch((error: Error) => {
      throw new Error(`${summary}: ${error.message}`);
    });
    return { status: answer.status, summary };
  }
  const controller = new AbortController();
  const response = await fetch(url, {
    method: fuzz.operation.method,
    headers: { ...(fuzz.body === undefined ? {} : { "Content-Type": "application/json" }), ...authorization, ...fuzz.headers },
    body: fuzz.body,
    redirect: "manual",
    signal: controller.signal,
  }).catch((error: Error) => {
    throw new Error(`${summary}: ${error.message} (${(error.cause as Error | undefined)?.message})`);
  });
  // The event stream never ends: its head is the answer.
  if ((response.headers.get("content-type") ?? "").startsWith("text/event-stream")) controller.abort();
  else await response.arrayBuffer();
  return { status: response.status, summary };
}

async function inParallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  }));
  return results;
}

describe("property: every write route and every query string", () => {
  test("never a 5xx for any request, and a batch of refused writes changes no stored data", async () => {
    const document = (await admin().get("/api/openapi.json")).body;
    const operations: Operation[] = Object.entries<Record<string, any>>(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        method: method.toUpperCase(), path,
        queryKeys: (operation.parameters ?? []).filter((parameter: any) => parameter.in === "query").map((parameter: any) => parameter.name),
        hasBody: Boolean(operation.requestBody),
        rawBody: Boolean(operation.requestBody?.content?.["text/plain"]),
      })));
    const writes = operations.filter((operation) => operation.method !== "GET");
    const reads = operations.filter((operation) => operation.method === "GET");
    expect(writes.length).toBeGreaterThan(20);
    expect(reads.length).toBeGreaterThan(20);

    const anyCase = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...writes).chain(caseFor) },
      { weight: 2, arbitrary: fc.constantFrom(...reads).chain(caseFor) },
    );
    const perOperation = new Map<string, number>();
    let sent = 0;
    let serverErrors = 0;
    let checkedBatches = 0;
    let state = await fingerprint();
    console.log(`fuzz: fast-check seed ${SEED}, ${BATCHES} batches of ${BATCH_SIZE} requests`);

    try {
      await fc.assert(
        fc.asyncProperty(fc.array(anyCase, { minLength: BATCH_SIZE, maxLength: BATCH_SIZE }), async (batch) => {
          const outcomes = await inParallel(batch, CONCURRENCY, send);
          sent += outcomes.length;
          batch.forEach((fuzz) => perOperation.set(`${fuzz.operation.method} ${fuzz.operation.path}`, (perOperation.get(`${fuzz.operation.method} ${fuzz.operation.path}`) ?? 0) + 1));

          const failures = outcomes.filter((outcome, index) => outcome.status >= 500 && !(outcome.status === 502 && UPSTREAM_ROUTES.test(batch[index].operation.path)));
          serverErrors += failures.length;
          expect(failures.map((failure) => `${failure.status} ${failure.summary}`)).toEqual([]);

          const writeStatuses = outcomes.filter((_outcome, index) => batch[index].operation.method !== "GET").map((outcome) => outcome.status);
          const refusedOnly = writeStatuses.every((status) => status >= 400 && status < 500);
          const after = await fingerprint();
          if (refusedOnly) {
            checkedBatches++;
            expect(after, `a batch of refused writes changed stored data:\n${outcomes.map((outcome) => `${outcome.status} ${outcome.summary}`).join("\n")}`).toBe(state);
            return;
          }
          await ensureFixtures();
          state = await fingerprint();
        }),
        // The failing batch is already named, request by request, in the assertion: no giant counterexample dump.
        { numRuns: BATCHES, seed: SEED, endOnFailure: true, reporter: (details) => { if (details.failed) throw details.errorInstance; } },
      );
    } finally {
      console.log(`fuzzed ${sent} requests, ${serverErrors} 5xx (seed ${SEED}; ${checkedBatches} all-refused batches compared exactly)`);
    }

    expect(sent).toBeGreaterThanOrEqual(BATCHES * BATCH_SIZE);
    const missed = operations.map(({ method, path }) => `${method} ${path}`).filter((key) => (perOperation.get(key) ?? 0) < 20);
    expect(missed, "operations fuzzed fewer than 20 times").toEqual([]);
    expect(checkedBatches).toBeGreaterThan(0);
  }, 900_000);
});

// ---------------------------------------------------------------------------------------------------------
// DESIGN §14: what a crafted Host, Origin, X-Forwarded-* header, dot segment or encoded slash may change.

type Exchange = { status: number; text: string; location: string };
type Variant = { label: string; headers?: Record<string, string>; path?: (path: string) => string; expect: "same" | "same-or-redirect" | "same-or-foreign-origin" | 400 | 421 | "no-5xx" };

const CRAFTED_HOSTS = ["x/v0.1/servers/fz-server/versions/latest#", "a b", "x@y", "[::1", "x:99999999", "evil.example:80:80", "x,y"];
const FOREIGN_HOSTS = ["evil.example", "rebind.evil.example:80", "127.0.0.1.nip.io", "0.0.0.0", "[::2]"];
const FORWARDED_FOR = ["1.2.3.4", "garbage", "::1", "127.0.0.1, 10.0.0.1", "203.0.113.9, 198.51.100.1", "x".repeat(500), ""];

const variant: fc.Arbitrary<Variant> = fc.oneof(
  fc.constantFrom<Variant>(
    { label: "localhost Host", headers: { Host: "localhost" }, expect: "same" },
    { label: "[::1] Host", headers: { Host: "[::1]:1" }, expect: "same" },
    { label: "X-Forwarded-Host", headers: { "X-Forwarded-Host": "evil.example" }, expect: "same" },
    { label: "X-Forwarded-Proto", headers: { "X-Forwarded-Proto": "https", "X-Forwarded-Port": "443" }, expect: "same" },
    { label: "Forwarded", headers: { Forwarded: "for=1.2.3.4;host=evil.example;proto=https" }, expect: "same" },
    { label: "foreign Origin", headers: { Origin: "https://evil.example" }, expect: "same-or-foreign-origin" },
    { label: "null Origin", headers: { Origin: "null" }, expect: "same-or-foreign-origin" },
  ),
  fc.constantFrom(...FORWARDED_FOR).map<Variant>((value) => ({ label: "X-Forwarded-For", headers: { "X-Forwarded-For": value }, expect: "same" })),
  fc.constantFrom(...CRAFTED_HOSTS).map<Variant>((host) => ({ label: "malformed Host", headers: { Host: host }, expect: 400 })),
  fc.constantFrom(...FOREIGN_HOSTS).map<Variant>((host) => ({ label: "foreign Host", headers: { Host: host }, expect: 421 })),
  fc.nat().map<Variant>((salt) => ({ label: "dot segments", path: (path) => withDotSegments(path, salt), expect: "same-or-redirect" })),
  fc.nat().map<Variant>((salt) => ({ label: "encoded slash", path: (path) => withEncodedSlash(path, salt), expect: "no-5xx" })),
);

/** `/a/b/c` → `/a/./b/c`, `/a/x/../b/c`, `/a/%2e/b/c` or `/a/b/c/.`: the same resource, spelled with dot segments. */
function withDotSegments(path: string, salt: number): string {
  const segments = path.split("/");
  const at = 1 + (salt % (segments.length - 1));
  const spelling = ["./", "zz/../", "%2e/", "zz/%2e%2e/"][salt % 4];
  return `${segments.slice(0, at).join("/")}/${spelling}${segments.slice(at).join("/")}`;
}

/** A `%2F` (or `%2f`) inside the last segment: data, never a separator. */
function withEncodedSlash(path: string, salt: number): string {
  return `${path}${salt % 2 ? "%2F" : "%2f"}${["..%2F..%2Ftokens", "x", "", "..%2fvariables"][salt % 4]}`;
}

/** What fetch would send for `path`: spaces and other characters outside printable ASCII percent-encoded. */
function sendable(path: string): string {
  return path.replace(/[^\x21-\x7e]/gu, (char) => [...Buffer.from(char, "utf8")].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join(""));
}

/** One request over node:http (fetch would normalise the path and refuse to send a Host); an event stream's head is its answer. */
function exchange(method: string, path: string, headers: Record<string, string>, body?: string, localAddress?: string): Promise<Exchange> {
  const base = new URL(patchbay.baseUrl);
  return new Promise((resolve, reject) => {
    // Node's client frames a DELETE's body with neither Content-Length nor chunked encoding: the server then reads
    // the body as a second, malformed request, answers 400 and drops the connection (a reset, when much is unread).
    const framing = body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(body)) };
    const request = http.request({ host: base.hostname, port: base.port, method, path: sendable(path), headers: { ...framing, ...headers }, agent: false, localAddress }, (response) => {
      const location = String(response.headers.location ?? "");
      if ((response.headers["content-type"] ?? "").startsWith("text/event-stream")) {
        response.destroy();
        return resolve({ status: response.statusCode ?? 0, text: "(event stream)", location });
      }
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text, location }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}

describe("property: crafted Host, Origin, forwarding headers, dot segments and encoded slashes", () => {
  test("never a 5xx, and each answer is the plain request's answer but for the documented refusals (400 bad Host, 421 foreign Host, 403 foreign Origin)", async () => {
    const document = (await admin().get("/api/openapi.json")).body;
    const operations: Operation[] = Object.entries<Record<string, any>>(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => ({ method: method.toUpperCase(), path, queryKeys: (item[method].parameters ?? []).filter((parameter: any) => parameter.in === "query").map((parameter: any) => parameter.name), hasBody: Boolean(item[method].requestBody), rawBody: false })));
    const requests = fc.record({
      operation: fc.constantFrom(...operations),
      caller: fc.constantFrom<Caller>("admin", "admin", "viewer", "anonymous"),
      variant,
    }).chain(({ operation, caller, variant }) => caseFor(operation).map((fuzz) => ({ fuzz, caller, variant })));
    const cases = fc.sample(requests, { numRuns: CRAFTED_CASES, seed: SEED });

    let sent = 0;
    const failures: string[] = [];
    const seen = new Map<string, number>();
    await inParallel(cases, CONCURRENCY, async ({ fuzz, caller, variant }) => {
      const authorization: Record<string, string> = caller === "anonymous" ? {} : { Authorization: `Bearer ${caller === "admin" ? ADMIN_TOKEN : tokens[caller as TestRole]}` };
      const isWrite = fuzz.operation.method !== "GET";
      // Writes carry a body every write refuses alike (malformed JSON), so sending one twice changes nothing.
      const body = isWrite ? "{" : undefined;
      const headers = { ...authorization, ...(isWrite ? { "Content-Type": "application/json" } : {}) };
      const path = sendable(`${fuzz.path}${fuzz.query ? `?${fuzz.query}` : ""}`);
      const craftedPath = variant.path ? sendable(`${variant.path(fuzz.path)}${fuzz.query ? `?${fuzz.query}` : ""}`) : path;

      const plain = await exchange(fuzz.operation.method, path, headers, body);
      const crafted = await exchange(fuzz.operation.method, craftedPath, { ...headers, ...variant.headers }, body);
      const again = await exchange(fuzz.operation.method, path, headers, body);
      sent += 3;
      seen.set(variant.label, (seen.get(variant.label) ?? 0) + 1);

      const what = `${caller} ${fuzz.operation.method} ${craftedPath.slice(0, 300)} ${JSON.stringify(variant.headers ?? {}).slice(0, 200)} [${variant.label}]`;
      const isStable = plain.status === again.status && plain.text === again.text;
      // A write that took effect (a DELETE reads no body, so the malformed one does not stop it) changes what the same
      // request answers next: then the crafted one, sent after it, answers as the plain one sent again.
      const reference = isWrite && !isStable ? again : plain;
      // An answer may name the origin the client used (RFC 9728: a gateway's resource is its URL as reached): a loopback
      // Host the guard admits is that origin, so it counts as the plain request's own.
      const craftedText = variant.headers?.Host ? crafted.text.replaceAll(`http://${variant.headers.Host}`, patchbay.baseUrl) : crafted.text;
      const isSame = crafted.status === reference.status && (!isStable || craftedText === plain.text);
      const isRedirectToPlain = [307, 308].includes(crafted.status) && crafted.location !== "" && new URL(crafted.location, patchbay.baseUrl).pathname === new URL(path, patchbay.baseUrl).pathname;
      const problemType = crafted.status >= 400 ? (() => { try { return JSON.parse(crafted.text).type as string; } catch { return ""; } })() : "";
      const ok = crafted.status < 500 && (
        variant.expect === "same" ? isSame
          : variant.expect === "same-or-redirect" ? isSame || isRedirectToPlain
            // Sign-in and the gateway refuse any foreign Origin (DESIGN §7, §14), whatever else is wrong.
            : variant.expect === "same-or-foreign-origin" ? isSame || (crafted.status === 403 && crafted.text.includes("own origin"))
            : variant.expect === 400 ? crafted.status === 400 && problemType.endsWith("/invalid-host")
              : variant.expect === 421 ? crafted.status === 421 && problemType.endsWith("/misdirected-request")
                : true);
      if (!ok) failures.push(`${what}: plain ${plain.status}, crafted ${crafted.status} ${crafted.location} ${crafted.text.slice(0, 200)}`);
    });
    console.log(`crafted: ${sent} requests (${[...seen].map(([label, count]) => `${label} ${count}`).join(", ")}), ${failures.length} unexpected answers`);

    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(CRAFTED_CASES * 3);
    expect([...seen.keys()].sort()).toEqual(["X-Forwarded-For", "X-Forwarded-Host", "X-Forwarded-Proto", "Forwarded", "[::1] Host", "dot segments", "encoded slash", "foreign Host", "foreign Origin", "localhost Host", "malformed Host", "null Origin"].sort());
  }, 900_000);
});
