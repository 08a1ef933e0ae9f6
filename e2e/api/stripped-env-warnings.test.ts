import { describe, expect, inject, test } from "vitest";
import { randomUUID } from "node:crypto";

import { apiClient } from "../support/api-client";

/**
 * Seed 004 (DESIGN §19): `env` keys a stdio server is started without (proxy, loader and interpreter variables,
 * lib/resolve/stripped-env.ts) are warned about when the server is written — created, replaced, patched or
 * imported — naming each key. The shapes are the seed's own: its "Local Stdio Server" passes HTTP_PROXY.
 */
const api = apiClient(inject("baseUrl"));
const tag = randomUUID().slice(0, 8);
const names = { fetch: `fetch-server-${tag}`, memory: `memory-server-${tag}`, docs: `cloudflare-docs-${tag}`, direct: `direct-${tag}` };
// API_KEY is no registry variable: the write also says that a runner must fill it (issue 31).
const apiKeyWarning = { path: "/transport/env/API_KEY", message: "uses ${API_KEY}, which is not a registry variable; it stays as written until a runner fills it" };
const proxyWarning = (path: string, key: string) => ({ path: `${path}/${key}`, message: `'${key}' is removed when the server is started: proxy, loader and interpreter variables never reach a stdio server` });


describe("warnings for env keys stripped at spawn (seed 004)", () => {
  test("importing seed 004's registry reports the fetch-server's HTTP_PROXY, and nothing for servers without such keys", async () => {
    const registry = {
      schemaVersion: "1.0",
      servers: [
        { name: names.fetch, description: "Web fetching via mcp-server-fetch", stdio: { command: "uvx", args: ["mcp-server-fetch"] }, env: { HTTP_PROXY: "${HTTP_PROXY}" } },
        { name: names.memory, stdio: { command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"] } },
        { name: names.docs, url: "https://docs.mcp.cloudflare.com/mcp", transport: "streamablehttp" },
      ],
    };
    const imported = await api.request("POST", "/api/import", { rawBody: JSON.stringify(registry), headers: { "Content-Type": "application/json" } });

    expect(imported.status, imported.text).toBe(200);
    expect(imported.body.format).toBe("unified");
    const byName = Object.fromEntries(imported.body.created.map((entry: { name: string }) => [entry.name, entry]));
    expect(byName[names.fetch].warnings).toEqual([proxyWarning("/transport/env", "HTTP_PROXY")]);
    expect(byName[names.memory].warnings).toBeUndefined();
    expect(byName[names.docs].warnings).toBeUndefined();
    // The server is written as given: the key is kept in the definition, and only the spawned process goes without it.
    expect((await api.get(`/api/mcp-servers/${names.fetch}?raw=true`)).body.mcp_server.transport.env).toEqual({ HTTP_PROXY: "${HTTP_PROXY}" });
  });

  test("create, patch and replace answer one warning per stripped key, in the transport and per environment", async () => {
    const transport = { type: "stdio", command: "uvx", args: ["mcp-server-fetch"], env: { HTTP_PROXY: "http://proxy:3128", LD_PRELOAD: "/tmp/hook.so", PYTHONUNBUFFERED: "1", API_KEY: "${API_KEY}" } };
    const created = await api.post("/api/mcp-servers", { name: names.direct, description: "Fetch", transport });
    expect(created.status, created.text).toBe(201);
    expect(created.body.warnings).toEqual([proxyWarning("/transport/env", "HTTP_PROXY"), proxyWarning("/transport/env", "LD_PRELOAD"), apiKeyWarning]);

    const patched = await api.patch(`/api/mcp-servers/${names.direct}`, { environments: { production: { env: { NODE_OPTIONS: "--require /tmp/x.js", REGION: "eu" } } } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.warnings).toEqual([
      proxyWarning("/transport/env", "HTTP_PROXY"), proxyWarning("/transport/env", "LD_PRELOAD"), proxyWarning("/environments/production/env", "NODE_OPTIONS"), apiKeyWarning,
    ]);

    const replaced = await api.put(`/api/mcp-servers/${names.direct}`, { name: names.direct, description: "Fetch", transport: { ...transport, env: { API_KEY: "${API_KEY}" } } });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.warnings).toEqual([apiKeyWarning]);
  });
});
