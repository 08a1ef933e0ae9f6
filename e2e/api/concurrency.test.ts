import { describe, expect, inject, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";

const api = apiClient(inject("baseUrl"));

describe("concurrent writers", () => {
  test("20 parallel PATCHes with one If-Match — exactly one wins, the rest get 412", async () => {
    const name = uniqueName("race");
    const created = await api.post("/api/mcp-servers", httpServer(name));
    const etag = created.headers.get("etag")!;

    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => api.patch(`/api/mcp-servers/${name}`, { description: `writer ${index}` }, { "If-Match": etag })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 412)).toHaveLength(19);

    const winner = responses.find((response) => response.status === 200)!;
    const stored = await api.get(`/api/mcp-servers/${name}?raw=true`);
    expect(stored.body.mcp_server.description).toBe(winner.body.mcp_server.description);
    expect(stored.body.mcp_server.revision).toBe(2);
    expect((await api.get(`/api/mcp-servers/${name}/revisions`)).body.revisions).toHaveLength(2);
  });

  test("20 parallel PATCHes without If-Match — all 200, one revision each", async () => {
    const name = uniqueName("race-free");
    await api.post("/api/mcp-servers", httpServer(name));

    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => api.patch(`/api/mcp-servers/${name}`, { description: `writer ${index}` })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect((await api.get(`/api/mcp-servers/${name}/revisions`)).body.revisions).toHaveLength(21);
  });

  test("parallel creates of one name — one 201, the rest 409", async () => {
    const name = uniqueName("create-race");
    const responses = await Promise.all(Array.from({ length: 10 }, () => api.post("/api/mcp-servers", httpServer(name))));
    const statuses = responses.map((response) => response.status);

    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
  });
});
