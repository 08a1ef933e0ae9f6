import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterEach, describe, expect, test } from "vitest";

import { readBundleDirectory } from "./bundle-files";

let root: string;

function write(relative: string, value: unknown) {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof value === "string" ? value : JSON.stringify(value, null, 2));
}

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe("readBundleDirectory: capability.mcp.json beside capability.json (seed 003, approach 2)", () => {
  test("the seed's layouts: each server there becomes a registry server and the capability references it by name", () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "patchbay-bundle-"));
    // The seed's "current state": capabilities/neo4j-knowledge-graph/ with capability.json, capability.text.md, capability.mcp.json.
    write("capabilities/neo4j-knowledge-graph/capability.json", { name: "neo4j-knowledge-graph", description: "Knowledge graph" });
    write("capabilities/neo4j-knowledge-graph/capability.text.md", "# Knowledge graph\n");
    write("capabilities/neo4j-knowledge-graph/capability.mcp.json", { mcpServers: { neo4j: { type: "http", url: "http://localhost:9003/mcp/" } } });
    // Approach 2's enhanced config: metadata and environments.
    write("capabilities/document-access/capability.json", { name: "document-access", description: "Access to document storage", mcp_servers: { docs: { server: "neo4j" } } });
    write("capabilities/document-access/capability.mcp.json", {
      mcpServers: {
        "context-store": {
          type: "http", url: "http://localhost:8766/mcp/",
          metadata: { version: "1.0.0", description: "Document storage", documentation_url: "/docs/components/context-store/MCP.md", health_endpoint: "/health" },
          environments: { production: { url: "https://prod.example.com/mcp/" } },
        },
      },
    });
    // A server the registry folder defines wins over one of the same name beside a capability.
    write("mcp-servers/neo4j/mcp-server.json", { name: "neo4j", description: "Canonical", transport: { type: "http", url: "http://graph:9003/mcp/" } });

    const bundle = JSON.parse(readBundleDirectory(root));

    expect(bundle.mcp_servers).toEqual([
      { name: "neo4j", description: "Canonical", transport: { type: "http", url: "http://graph:9003/mcp/" } },
      {
        name: "context-store", description: "Document storage", version: "1.0.0",
        transport: { type: "http", url: "http://localhost:8766/mcp/" },
        support: { documentation_url: "/docs/components/context-store/MCP.md", health_endpoint: "/health", version: "1.0.0" },
        environments: { production: { url: "https://prod.example.com/mcp/" } },
      },
    ]);
    expect(bundle.capabilities).toEqual([
      { name: "document-access", description: "Access to document storage", mcp_servers: { docs: { server: "neo4j" }, "context-store": {} } },
      { name: "neo4j-knowledge-graph", description: "Knowledge graph", mcp_servers: { neo4j: {} } },
    ]);
  });

  test("an entry that can not be read fails naming the file and the server", () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "patchbay-bundle-"));
    write("capabilities/broken/capability.json", { name: "broken", description: "Broken" });
    write("capabilities/broken/capability.mcp.json", { mcpServers: { ws: { type: "websocket", url: "wss://example.com/mcp" } } });

    expect(() => readBundleDirectory(root)).toThrow(/capability\.mcp\.json mcpServers\.ws transport 'websocket' is not supported/);
  });
});
