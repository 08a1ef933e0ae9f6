import { describe, expect, inject, test } from "vitest";

import { apiClient, httpServer, uniqueName, type ApiResponse } from "../support/api-client";

/** A case that does not apply to an entity (variables have no restore, no rename) is not registered for it. */
const testWhen = (applies: boolean) => (applies ? test : () => undefined);

const api = apiClient(inject("baseUrl"));

/** How to reach one kind of versioned entity over the API; the behaviours below are the store's, so all share them. */
type Entity = {
  kind: string;
  /** the response's key: `{"capability": {...}}` */
  key: string;
  path: (name: string) => string;
  /** GET as stored (no resolution) */
  read: (name: string) => string;
  newName: () => string;
  /** Creates it with `description` written before `name` (schema order has name first) and more fields after. */
  create: (name: string) => Promise<ApiResponse>;
  canRename: boolean;
  hasRevisions: boolean;
};

const entities: Entity[] = [
  {
    kind: "server", key: "mcp_server", path: (name) => `/api/mcp-servers/${name}`, read: (name) => `/api/mcp-servers/${name}?raw=true`, newName: () => uniqueName("store-srv"),
    create: (name) => api.post("/api/mcp-servers", { description: "d", name, transport: httpServer(name).transport, tags: ["b", "a"] }),
    canRename: true, hasRevisions: true,
  },
  {
    kind: "capability", key: "capability", path: (name) => `/api/capabilities/${name}`, read: (name) => `/api/capabilities/${name}?raw=true`, newName: () => uniqueName("store-cap"),
    create: (name) => api.post("/api/capabilities", { tags: ["b", "a"], description: "d", name, mcp_servers: {} }),
    canRename: true, hasRevisions: true,
  },
  {
    kind: "agent", key: "agent", path: (name) => `/api/agents/${name}`, read: (name) => `/api/agents/${name}?raw=true`, newName: () => uniqueName("store-agent"),
    create: (name) => api.post("/api/agents", { tags: ["b", "a"], description: "d", name, capabilities: [] }),
    canRename: true, hasRevisions: true,
  },
  {
    kind: "variable", key: "variable", path: (name) => `/api/variables/${name}`, read: (name) => `/api/variables/${name}`,
    newName: () => `STORE_${uniqueName("v").slice(2).toUpperCase().replace(/-/g, "_")}`,
    create: (name) => api.put(`/api/variables/${name}`, { value: "x", description: "d", environments: { production: "y" } }),
    canRename: false, hasRevisions: false,
  },
];

const ROUNDS = 8;
const SERVER_SET = new Set(["created_at", "modified_at", "revision", "has_value"]);
const keysOf = (entity: object) => Object.keys(entity).filter((key) => !SERVER_SET.has(key));

async function given(entity: Entity): Promise<string> {
  const name = entity.newName();
  const created = await entity.create(name);
  if (created.status !== 201) throw new Error(`creating ${entity.kind} ${name}: ${created.status} ${created.text}`);
  return name;
}

describe.each(entities)("versioned entity store — $kind", (entity) => {
  test(`DELETE ${entity.kind} — 412 when If-Match is stale, and nothing is removed`, async () => {
    const name = await given(entity);
    expect((await api.patch(entity.path(name), { description: "second" })).status).toBe(200);

    const stale = await api.delete(entity.path(name), { "If-Match": '"1"' });
    const current = await api.get(entity.read(name));

    expect(stale.status).toBe(412);
    expect(current.status).toBe(200);
    expect(current.body[entity.key]).toMatchObject({ description: "second", revision: 2 });
  });

  test(`PATCH and DELETE If-Match "1" racing on a ${entity.kind} — the DELETE removes revision 1 or answers 412, never a newer revision`, async () => {
    const names = await Promise.all(Array.from({ length: ROUNDS }, () => given(entity)));

    const outcomes = await Promise.all(names.map(async (name) => {
      const [patched, deleted] = await Promise.all([
        api.patch(entity.path(name), { description: "racing" }),
        api.delete(entity.path(name), { "If-Match": '"1"' }),
      ]);
      const after = await api.get(entity.read(name));
      return { patch: patched.status, delete: deleted.status, after: after.status, revision: after.body?.[entity.key]?.revision };
    }));

    for (const outcome of outcomes) {
      // Either the PATCH committed first (revision 2, the DELETE refused) or the DELETE did (the PATCH finds nothing).
      expect([
        { patch: 200, delete: 412, after: 200, revision: 2 },
        { patch: 404, delete: 204, after: 404, revision: undefined },
      ]).toContainEqual(outcome);
    }
  });

  test(`PATCH ${entity.kind} — key order as entered, at every write`, async () => {
    const name = entity.newName();
    const created = await entity.create(name);
    const entered = keysOf(created.body[entity.key]);

    const patched = await api.patch(entity.path(name), { description: "patched" });

    expect(entered.indexOf("description")).toBeLessThan(entered.indexOf("name"));
    expect(patched.status).toBe(200);
    expect(keysOf(patched.body[entity.key])).toEqual(entered);
    expect(keysOf((await api.get(entity.read(name))).body[entity.key])).toEqual(entered);
  });

  test(`a write of ${entity.kind} that changes nothing writes nothing: same revision and ETag, no new history`, async () => {
    const name = entity.newName();
    const created = await entity.create(name);
    const stored = (await api.get(entity.read(name))).body[entity.key];
    const asStored = Object.fromEntries(Object.entries(stored).filter(([key]) => !SERVER_SET.has(key)));

    const writes = [await api.patch(entity.path(name), {}), await api.patch(entity.path(name), { description: "d" }), await api.put(entity.path(name), asStored)];

    for (const write of writes) {
      expect(write.status).toBe(200);
      expect(write.body[entity.key].revision).toBe(created.body[entity.key].revision);
      expect(write.headers.get("etag")).toBe(created.headers.get("etag"));
    }
    // Someone holding the first ETag still writes.
    const changed = await api.patch(entity.path(name), { description: "changed" }, { "If-Match": created.headers.get("etag")! });
    expect(changed.status).toBe(200);
    expect(changed.body[entity.key].revision).toBe(created.body[entity.key].revision + 1);
    if (entity.hasRevisions) expect((await api.get(`${entity.path(name)}/revisions`)).body.revisions).toHaveLength(2);
  });

  testWhen(entity.hasRevisions)(`restore ${entity.kind} — the restored revision keeps the key order it was entered in`, async () => {
    const name = entity.newName();
    const entered = keysOf((await entity.create(name)).body[entity.key]);
    await api.patch(entity.path(name), { tags: null });

    const restored = await api.post(`${entity.path(name)}/revisions/1/restore`);

    expect(restored.status).toBe(200);
    expect(restored.body[entity.key]).toMatchObject({ tags: ["b", "a"], revision: 3 });
    expect(keysOf(restored.body[entity.key])).toEqual(entered);
  });

  testWhen(entity.canRename)(`a rename of a ${entity.kind} racing a create of the same name — one wins, the other 409, never 500`, async () => {
    const names = await Promise.all(Array.from({ length: ROUNDS }, () => given(entity)));

    const outcomes = await Promise.all(names.map(async (name) => {
      const target = entity.newName();
      const [renamed, created] = await Promise.all([api.patch(entity.path(name), { name: target }), entity.create(target)]);
      return [renamed.status, created.status].sort().join(" ");
    }));

    for (const outcome of outcomes) expect(["200 409", "201 409"]).toContain(outcome);
  });

  testWhen(!entity.canRename)(`PATCH ${entity.kind} — a different name is refused with 400`, async () => {
    const name = await given(entity);
    expect((await api.patch(entity.path(name), { name: entity.newName() })).status).toBe(400);
  });
});
