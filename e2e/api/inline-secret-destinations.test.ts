import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, uniqueName } from "../support/api-client";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { mintRoleTokens, type TestRole } from "../support/roles";

/**
 * DESIGN §14 "Literal secrets stay where they were written", for the legacy inline configs of capabilities and
 * agents: a write that moves an inline config's URL origin (or command line) while it keeps a literal secret it does
 * not supply anew → 409 `secret-destination-changed` naming the keys; an admin may pass `?keep_secrets=true`;
 * restoring a revision re-checks. Capabilities and agents share one store (lib/registry/documents.ts): one kind replays
 * the whole attack, the other its PUT, PATCH and restore.
 */
const ADMIN_TOKEN = "pb_inline_secrets_admin_token_0123456789";
const LITERAL = "literal-inline-key-5d1e08b7c3";
const ORIGINAL = "http://127.0.0.1:9/mcp";
const ATTACKER = "http://127.0.0.1:11/collect";
const KEY = "mcp_servers.inline.headers.X-Api-Key";
const group = uniqueName("inline-secrets");

let patchbay: PatchbayProcess;
let tokens: Record<TestRole, string>;
const as = (role: TestRole) => apiClient(patchbay.baseUrl, { Authorization: `Bearer ${tokens[role]}` });
const admin = () => apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });

beforeAll(async () => {
  patchbay = await startPatchbay({ env: {
    PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false", PATCHBAY_HEALTH_INTERVAL_S: "0",
    PATCHBAY_RATE_WRITES_PER_MIN: "10000",
  } });
  tokens = await mintRoleTokens(patchbay.baseUrl, ADMIN_TOKEN);
}, 120_000);

afterAll(async () => {
  await patchbay?.stop();
});

const inline = (url: string, key: string = LITERAL) => ({ inline: { type: "http", url, headers: { "X-Api-Key": key, "X-Plain": "kept" } } });
const expectMoved = (response: { status: number; headers: Headers; body: Record<string, unknown>; text: string }) => {
  expect(response.status, response.text).toBe(409);
  expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  expect(response.body).toMatchObject({ type: expect.stringMatching(/secret-destination-changed$/), status: 409, keys: [KEY] });
  expect(response.text).not.toContain(LITERAL);
};

describe("capabilities: literal secrets of inline configs stay where they were written (DESIGN §14)", { timeout: 60_000 }, () => {
  const name = `${group}-cap`;
  const path = `/api/capabilities/${name}`;
  const stored = async () => (await admin().get(path)).body.capability;

  beforeAll(async () => {
    const created = await as("editor").post("/api/capabilities", { name, description: "Inline literal", mcp_servers: inline(ORIGINAL) });
    expect(created.status, created.text).toBe(201);
  });

  test("the attack: an editor PATCHes only the inline URL to their own host → 409 naming the key, nothing changed; a PUT carrying the mask back is the same move", async () => {
    const before = await stored();
    expect(before.mcp_servers.inline.headers["X-Api-Key"]).toBe(LITERAL);
    expectMoved(await as("editor").patch(path, { mcp_servers: { inline: { url: ATTACKER } } }));
    expect(await stored()).toEqual(before);

    const current = await as("editor").get(path);
    expect(current.body.capability.mcp_servers.inline.headers["X-Api-Key"]).toBe("••••");
    const { created_at: _c, modified_at: _m, revision: _r, ...definition } = current.body.capability;
    const put = await as("editor").put(path, { ...definition, mcp_servers: inline(ATTACKER, "••••") });
    expectMoved(put);
    expect(await stored()).toEqual(before);
  });

  test("a path-only change keeps the origin: allowed; supplying the literal anew with the new URL: allowed", async () => {
    const samePlace = await as("editor").patch(path, { mcp_servers: { inline: { url: "http://127.0.0.1:9/other" } } });
    expect(samePlace.status, samePlace.text).toBe(200);

    const anew = await as("editor").patch(path, { mcp_servers: { inline: { url: ATTACKER, headers: { "X-Api-Key": "typed-again-by-the-editor" } } } });
    expect(anew.status, anew.text).toBe(200);
    expect((await stored()).mcp_servers.inline).toEqual({ type: "http", url: ATTACKER, headers: { "X-Api-Key": "typed-again-by-the-editor", "X-Plain": "kept" } });
  });

  test("restoring the first revision (the original literal, to this host) → 409; ?keep_secrets=true: 403 for an editor, allowed for an admin", async () => {
    const revisions = (await admin().get(`${path}/revisions`)).body.revisions as { revision: number }[];
    const first = Math.min(...revisions.map((revision) => revision.revision));
    expectMoved(await as("editor").post(`${path}/revisions/${first}/restore`, {}));
    expect((await stored()).mcp_servers.inline.url).toBe(ATTACKER);

    expect((await as("editor").post(`${path}/revisions/${first}/restore?keep_secrets=true`, {})).status).toBe(403);
    const restored = await admin().post(`${path}/revisions/${first}/restore?keep_secrets=true`, {});
    expect(restored.status, restored.text).toBe(200);
    expect((await stored()).mcp_servers.inline).toEqual(inline(ORIGINAL).inline);

    expect((await as("editor").patch(`${path}?keep_secrets=true`, { mcp_servers: { inline: { url: ATTACKER } } })).status).toBe(403);
    const kept = await admin().patch(`${path}?keep_secrets=true`, { mcp_servers: { inline: { url: "http://127.0.0.1:10/mcp" } } });
    expect(kept.status, kept.text).toBe(200);
    expect((await stored()).mcp_servers.inline.headers["X-Api-Key"]).toBe(LITERAL);
  });
});

describe("agents: the same rule, the same code path", { timeout: 60_000 }, () => {
  const name = `${group}-agent`;
  const path = `/api/agents/${name}`;
  const stored = async () => (await admin().get(`${path}?raw=true`)).body.agent;

  beforeAll(async () => {
    const created = await as("editor").post("/api/agents", { name, description: "Inline literal", mcp_servers: inline(ORIGINAL) });
    expect(created.status, created.text).toBe(201);
  });

  test("PATCH and PUT moving the URL → 409 naming the key; restore that moves it → 409; an admin's keep_secrets → allowed", async () => {
    const before = await stored();
    expectMoved(await as("editor").patch(path, { mcp_servers: { inline: { url: ATTACKER } } }));
    const { created_at: _c, modified_at: _m, revision: _r, ...definition } = (await as("editor").get(`${path}?raw=true`)).body.agent;
    expectMoved(await as("editor").put(path, { ...definition, mcp_servers: inline(ATTACKER, "••••") }));
    expect(await stored()).toEqual(before);

    const kept = await admin().patch(`${path}?keep_secrets=true`, { mcp_servers: { inline: { url: ATTACKER } } });
    expect(kept.status, kept.text).toBe(200);
    const revisions = (await admin().get(`${path}/revisions`)).body.revisions as { revision: number }[];
    expectMoved(await as("editor").post(`${path}/revisions/${Math.min(...revisions.map((revision) => revision.revision))}/restore`, {}));
    expect((await stored()).mcp_servers.inline.url).toBe(ATTACKER);
  });
});

describe("inline configs: secrets written into the URL (a password, a token) stay where they were written too", { timeout: 60_000 }, () => {
  const name = `${group}-url`;
  const path = `/api/capabilities/${name}`;
  const PASSWORD = "inline-url-password-8c1f";
  const TOKEN = "inline-url-token-41aa";
  const written = (host: string, password = PASSWORD, token = TOKEN) => ({ inline: { type: "http", url: `http://carol:${password}@${host}/mcp?token=${token}&team=core` } });
  const stored = async () => (await admin().get(path)).body.capability;

  beforeAll(async () => {
    const created = await as("editor").post("/api/capabilities", { name, description: "Inline URL literal", mcp_servers: written("127.0.0.1:9") });
    expect(created.status, created.text).toBe(201);
  });

  test("masked below admin; the masked PUT on the same origin keeps them; to another origin → 409 naming both; an admin's keep_secrets → allowed", async () => {
    const current = await as("editor").get(path);
    expect(current.text).not.toContain(PASSWORD);
    expect(current.text).not.toContain(TOKEN);
    expect(current.body.capability.mcp_servers.inline.url).toBe("http://carol:••••@127.0.0.1:9/mcp?token=••••&team=core");
    const { created_at: _c, modified_at: _m, revision: _r, ...definition } = current.body.capability;

    const samePlace = await as("editor").put(path, { ...definition, description: "Saved masked" });
    expect(samePlace.status, samePlace.text).toBe(200);
    expect((await stored()).mcp_servers.inline).toEqual(written("127.0.0.1:9").inline);

    const before = await stored();
    const moved = await as("editor").put(path, { ...definition, mcp_servers: written("127.0.0.1:11", "••••", "••••") });
    expect(moved.status, moved.text).toBe(409);
    expect(moved.body).toMatchObject({ type: expect.stringMatching(/secret-destination-changed$/), keys: ["mcp_servers.inline.url.password", "mcp_servers.inline.url.query.token"] });
    expect(moved.text).not.toContain(PASSWORD);
    expect(await stored()).toEqual(before);

    const kept = await admin().put(`${path}?keep_secrets=true`, { ...definition, mcp_servers: written("127.0.0.1:11", "••••", "••••") });
    expect(kept.status, kept.text).toBe(200);
    expect((await stored()).mcp_servers.inline).toEqual(written("127.0.0.1:11").inline);
  });
});
