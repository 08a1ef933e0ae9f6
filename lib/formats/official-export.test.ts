import Ajv from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";

import type { ServerInput } from "../schemas/server";
import { contextStoreServer } from "../resolve/fixtures/context-store";
import { convert } from "./detect";
import rules from "./fixtures/official-server-rules.schema.json";
import { OFFICIAL_SCHEMA_URL, PATCHBAY_META, PUBLISHER_META, toOfficialEntry, toOfficialServerJson, type StoredServer } from "./official-export";

const checkRules = addFormats(new Ajv({ allErrors: true, strict: false })).compile(rules);

const contextStore: StoredServer = {
  ...contextStoreServer({ enum: ["alpha", "beta"] }),
  description: "Document storage and semantic search. ".repeat(4).trim(),
  support: { documentation_url: "/docs/context-store", contact: "platform@example.com" },
  environments: { development: { url: "http://localhost:8766/mcp/" } },
  tags: ["storage"],
  provides: ["documents:read"],
  created_at: "2026-01-25T10:00:00.000Z",
  modified_at: "2026-01-26T10:00:00.000Z",
  revision: 3,
};

const servers: Record<string, ServerInput> = {
  "http with placeholders": contextStore,
  sse: { name: "events", description: "Event stream", transport: { type: "sse", url: "https://events.example.com/sse" }, support: { documentation_url: "https://docs.example.com/events" } },
  "pinned npx": {
    name: "airtable",
    description: "Airtable",
    version: "1.7.2",
    transport: { type: "stdio", command: "npx", args: ["-y", "airtable-mcp-server@1.7.2", "--base", "${AIRTABLE_BASE}"], env: { AIRTABLE_API_KEY: "${AIRTABLE_API_KEY}", LOG_LEVEL: "info" } },
  },
  "unpinned npx": { name: "memory", description: "Memory", transport: { type: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"] } },
  "pinned docker": {
    name: "sandbox",
    description: "Sandbox",
    transport: { type: "stdio", command: "docker", args: ["run", "-i", "--rm", "-e", "SANDBOX_KEY", "--network", "none", "ghcr.io/example/sandbox:0.1.0", "serve"], env: { SANDBOX_KEY: "${SANDBOX_KEY}" } },
  },
  "pinned uvx": { name: "time", description: "Time", transport: { type: "stdio", command: "uvx", args: ["mcp-server-time==1.0.0", "--local-timezone", "UTC"] } },
  "local command": { name: "irwin", description: "IRWIN", transport: { type: "stdio", command: "python", args: ["-m", "ranger.mcp.irwin"] } },
};

describe("toOfficialServerJson", () => {
  it("makes a remote with {variables} from an http server, and keeps the whole definition in _meta", () => {
    const { created_at, modified_at, revision, ...definition } = contextStore;
    expect(toOfficialServerJson(contextStore)).toEqual({
      $schema: OFFICIAL_SCHEMA_URL,
      name: "dev.patchbay/context-store",
      description: "Document storage and semantic search. Document storage and semantic search. Document storage and se…",
      version: "1.0.0",
      remotes: [
        {
          type: "streamable-http",
          url: "{CONTEXT_STORE_URL}/mcp/",
          headers: [
            {
              name: "Authorization",
              value: "Bearer {CONTEXT_STORE_TOKEN}",
              isRequired: true,
              isSecret: true,
              variables: { CONTEXT_STORE_TOKEN: { isRequired: true, isSecret: true } },
            },
            {
              name: "X-Namespace",
              value: "{namespace}",
              isRequired: true,
              variables: { namespace: { description: "Document namespace", isRequired: true, choices: ["alpha", "beta"] } },
            },
          ],
          variables: { CONTEXT_STORE_URL: { isRequired: true } },
        },
      ],
      _meta: { "io.modelcontextprotocol.registry/publisher-provided": { "dev.patchbay": definition } },
    });
  });

  it.each([
    ["pinned npx", [{
      registryType: "npm",
      identifier: "airtable-mcp-server",
      version: "1.7.2",
      runtimeHint: "npx",
      transport: { type: "stdio" },
      packageArguments: [
        { type: "positional", value: "--base" },
        { type: "positional", value: "{AIRTABLE_BASE}", variables: { AIRTABLE_BASE: { isRequired: true } } },
      ],
      environmentVariables: [
        { name: "AIRTABLE_API_KEY", isRequired: true, isSecret: true },
        { name: "LOG_LEVEL", value: "info" },
      ],
    }]],
    ["pinned docker", [{
      registryType: "oci",
      identifier: "ghcr.io/example/sandbox:0.1.0",
      runtimeHint: "docker",
      transport: { type: "stdio" },
      runtimeArguments: [{ type: "positional", value: "--network" }, { type: "positional", value: "none" }],
      packageArguments: [{ type: "positional", value: "serve" }],
      environmentVariables: [{ name: "SANDBOX_KEY", isRequired: true, isSecret: true }],
    }]],
    ["pinned uvx", [{
      registryType: "pypi",
      identifier: "mcp-server-time",
      version: "1.0.0",
      runtimeHint: "uvx",
      transport: { type: "stdio" },
      packageArguments: [{ type: "positional", value: "--local-timezone" }, { type: "positional", value: "UTC" }],
    }]],
    ["unpinned npx", undefined],
    ["local command", undefined],
  ])("names the package of a %s server, when it can", (key, packages) => {
    expect(toOfficialServerJson(servers[key]).packages).toEqual(packages);
  });

  it("defaults the version, takes an absolute documentation URL as websiteUrl and honours a namespace", () => {
    expect(toOfficialServerJson(servers.sse, { namespace: "com.example" })).toMatchObject({
      name: "com.example/events",
      version: "0.0.0",
      websiteUrl: "https://docs.example.com/events",
      remotes: [{ type: "sse", url: "https://events.example.com/sse" }],
    });
  });

  it.each(Object.entries(servers))("meets the official server.json rules: %s", (_, server) => {
    const json = toOfficialServerJson(server);
    expect(checkRules(json) ? [] : checkRules.errors).toEqual([]);
  });

  it("percent-encodes what a URI may not hold in a remote's path, keeping the URL as entered under _meta", () => {
    const server = { name: "bracketed", description: "x", transport: { type: "sse" as const, url: "https://[::1]:8080/mcp/[YOUR TOKEN]/é" } };
    const json = toOfficialServerJson(server) as { remotes: { url: string }[]; _meta: Record<string, Record<string, ServerInput>> };

    expect(json.remotes[0].url).toBe("https://[::1]:8080/mcp/%5BYOUR%20TOKEN%5D/%C3%A9");
    expect(checkRules(json) ? [] : checkRules.errors).toEqual([]);
    expect(json._meta[PUBLISHER_META][PATCHBAY_META].transport).toEqual(server.transport);
  });

  it("refuses what the official rules refuse (the checks bite)", () => {
    const bad = { ...toOfficialServerJson(servers.sse), name: "no-namespace", description: "x".repeat(101), version: "latest" };
    expect(checkRules(bad)).toBe(false);
    expect(checkRules.errors?.map((error) => error.instancePath)).toEqual(["/name", "/description", "/version"]);
  });
});

describe("official export → import", () => {
  it.each(Object.entries(servers))("brings a %s server back unchanged", (_, server) => {
    const { created_at, modified_at, revision, ...definition } = server as StoredServer;
    const bundle = convert(JSON.stringify(toOfficialServerJson(server)));
    expect(bundle).toEqual({ format: "official", servers: [definition], capabilities: [], agents: [], renamed: [], skipped: [], errors: [], placeholders: {} });
  });

  it("reads back a /v0.1/servers list built from entries", () => {
    const list = { servers: Object.values(servers).map((server) => toOfficialEntry(server)), metadata: { count: 7 } };
    const bundle = convert(JSON.stringify(list));
    expect(bundle.servers.map((server) => (server as ServerInput).name)).toEqual(Object.values(servers).map((server) => server.name));
    expect(list.servers[0]._meta).toEqual({
      "io.modelcontextprotocol.registry/official": {
        status: "active",
        publishedAt: "2026-01-25T10:00:00.000Z",
        updatedAt: "2026-01-26T10:00:00.000Z",
        isLatest: true,
      },
    });
  });
});
