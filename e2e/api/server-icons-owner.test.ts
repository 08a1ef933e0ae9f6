import { describe, expect, inject, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";

const api = apiClient(inject("baseUrl"));
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const HTTPS_ICON = "https://icons.example.com/weather.png";

describe("icons and support.owner on a server definition", () => {
  test("kept as entered, shown in the list summary, and the owner is searchable", async () => {
    const group = uniqueName("icons");
    const name = `${group}-ok`;
    const icons = [{ src: HTTPS_ICON, mimeType: "image/png", sizes: ["48x48"], theme: "light" }, { src: PNG, theme: "dark" }];
    const owner = `Team ${group}`;
    const created = await api.post("/api/mcp-servers", httpServer(name, { tags: [group], icons, support: { owner } }));
    expect(created.status, created.text).toBe(201);

    const raw = await api.get(`/api/mcp-servers/${name}?raw=true`);
    expect(raw.body.mcp_server).toMatchObject({ icons, support: { owner } });

    const listed = await api.get(`/api/mcp-servers?search=${encodeURIComponent(owner.toUpperCase())}`);
    expect(listed.body.mcp_servers).toEqual([expect.objectContaining({ name, icons, support: { owner } })]);
  });

  test.each([
    ["http: is never loaded", { src: "http://icons.example.com/a.png" }, "/icons/0/src"],
    ["javascript:", { src: "javascript:alert(1)" }, "/icons/0/src"],
    ["a data: URI that is not an image", { src: "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==" }, "/icons/0/src"],
    ["a data: image that is not base64", { src: "data:image/svg+xml,<svg onload=alert(1)>" }, "/icons/0/src"],
    ["a data: image over the size cap", { src: `data:image/png;base64,${"A".repeat(20_000)}` }, "/icons/0/src"],
    ["a relative URL", { src: "/favicon.ico" }, "/icons/0/src"],
    ["an unknown theme", { src: HTTPS_ICON, theme: "sepia" }, "/icons/0/theme"],
    ["a size that is not WxH", { src: HTTPS_ICON, sizes: ["big"] }, "/icons/0/sizes/0"],
    ["an unknown key", { src: HTTPS_ICON, href: HTTPS_ICON }, "/icons/0/href"],
  ])("POST refuses %s: 400 naming the field, nothing written", async (_label, icon, path) => {
    const name = uniqueName("badicon");
    const response = await api.post("/api/mcp-servers", httpServer(name, { icons: [icon] }));

    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(response.body.errors).toEqual([expect.objectContaining({ path })]);
    expect((await api.get(`/api/mcp-servers/${name}`)).status).toBe(404);
  });

  test.each([
    ["an empty owner", { support: { owner: " " } }, "/support/owner"],
    ["an owner over 200 characters", { support: { owner: "x".repeat(201) } }, "/support/owner"],
    ["an http: icon", { icons: [{ src: "http://icons.example.com/a.png" }] }, "/icons/0/src"],
  ])("PATCH refuses %s: 400 naming the field, the server unchanged", async (_label, patch, path) => {
    const name = uniqueName("patchicon");
    expect((await api.post("/api/mcp-servers", httpServer(name, { icons: [{ src: HTTPS_ICON }], support: { owner: "Platform" } }))).status).toBe(201);

    const response = await api.patch(`/api/mcp-servers/${name}`, patch);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([expect.objectContaining({ path })]);
    const after = await api.get(`/api/mcp-servers/${name}?raw=true`);
    expect(after.body.mcp_server).toMatchObject({ revision: 1, icons: [{ src: HTTPS_ICON }], support: { owner: "Platform" } });
  });

  test("import of an official server.json keeps its icons, leaving out those Patchbay refuses", async () => {
    const id = uniqueName("weather");
    const response = await api.post("/api/import?on_conflict=fail", {
      $schema: "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
      name: `io.github.example/${id}`,
      description: "Weather forecasts",
      version: "1.2.0",
      icons: [
        { src: HTTPS_ICON, mimeType: "image/png", sizes: ["48x48", "96x96"], theme: "light" },
        { src: "http://icons.example.com/insecure.png" },
      ],
      remotes: [{ type: "streamable-http", url: "https://weather.example.com/mcp" }],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.format).toBe("official");
    const name = `io.github.example-${id}`;
    expect(response.body.created).toEqual([{ name }]);

    const raw = await api.get(`/api/mcp-servers/${name}?raw=true`);
    expect(raw.body.mcp_server.icons).toEqual([{ src: HTTPS_ICON, mimeType: "image/png", sizes: ["48x48", "96x96"], theme: "light" }]);
  });

  test("the official view of a server carries its https: icons", async () => {
    const name = uniqueName("officon");
    expect((await api.post("/api/mcp-servers", httpServer(name, { icons: [{ src: HTTPS_ICON, theme: "dark" }, { src: PNG }] }))).status).toBe(201);

    const official = await api.get(`/v0.1/servers/${encodeURIComponent(`dev.patchbay/${name}`)}/versions/latest`);
    expect(official.status, official.text).toBe(200);
    expect(official.body.server.icons).toEqual([{ src: HTTPS_ICON, theme: "dark" }]);
  });
});
