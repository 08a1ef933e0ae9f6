import { DEMO_STDIO_SERVER } from "../lib/registry/demo-stdio-server";
import { contextStoreServer } from "../lib/resolve/fixtures/context-store";

/**
 * Registry variables of the demo (DESIGN §10): the context store's URL per environment, and its token as a
 * secret that is only ever sent to the context store on this machine.
 */
export const demoVariables = [
  {
    name: "CONTEXT_STORE_URL",
    description: "Base URL of the context store",
    value: "http://localhost:8766",
    environments: { production: "http://127.0.0.1:8768" },
  },
  {
    name: "CONTEXT_STORE_TOKEN",
    description: "Bearer token of the context store (a demo value)",
    secret: true,
    value: "demo-context-store-token",
    environments: { production: "demo-production-token" },
    scope: { servers: ["context-store"], hosts: ["localhost", "127.0.0.1"] },
  },
];

/**
 * Demo data for an empty registry: the servers of seed 003 plus a few stdio ones. Every URL points at
 * this machine, so a health sweep of the demo never leaves it.
 */
export const demoServers = [
  {
    ...contextStoreServer({ description: "Document namespace for scoping" }),
    support: {
      documentation_url: "http://localhost:3000/docs/context-store",
      health_endpoint: "/health",
      contact: "platform-team@example.com",
      sla: "99.9%",
      version: "1.0.0",
    },
    environments: {
      development: { url: "http://localhost:8766/mcp/" },
      docker: { url: "http://127.0.0.1:9501/mcp" },
      staging: { url: "http://127.0.0.1:8767/mcp/" },
      production: { url: "http://127.0.0.1:8768/mcp/" },
    },
    tags: ["storage", "search", "documents"],
    provides: ["documents:read", "documents:search"],
  },
  {
    name: "neo4j-graph",
    description: "Knowledge graph queries over Neo4j",
    version: "0.4.2",
    transport: { type: "http", url: "http://localhost:9003/mcp/" },
    environments: { production: { url: "http://127.0.0.1:9004/mcp/" } },
    tags: ["graph", "knowledge"],
    provides: ["graph:query"],
  },
  {
    name: "orchestrator",
    description: "Agent orchestration tools (start_session, resume_session)",
    transport: {
      type: "http",
      url: "${AGENT_ORCHESTRATOR_MCP_URL}",
      headers: { "X-Agent-Session-Id": "${AGENT_SESSION_ID}" },
    },
    support: { documentation_url: "http://localhost:3000/docs/architecture/mcp-runner-integration.md", version: "2.0" },
    tags: ["orchestration", "built-in"],
    provides: ["sessions:start", "sessions:resume"],
  },
  {
    name: "fetch",
    description: "Fetches web pages and converts them to markdown",
    version: "2025.4.7",
    transport: { type: "stdio", command: "uvx", args: ["mcp-server-fetch"] },
    tags: ["web", "stdio"],
    provides: ["web:fetch"],
  },
  {
    name: "memory",
    description: "Knowledge-graph memory kept in a local file",
    version: "2026.8.31",
    transport: {
      type: "stdio",
      command: "npx",
      args: ["-y", "@modelcontextprotocol/server-memory"],
      env: { MEMORY_FILE_PATH: "{{memory_file}}" },
    },
    parameters_schema: {
      type: "object",
      properties: {
        memory_file: { type: "string", description: "Where the memory graph is kept", default: "./data/memory.jsonl" },
      },
    },
    tags: ["memory", "stdio"],
    provides: ["memory:read", "memory:write"],
  },
  {
    name: "filesystem",
    description: "Read and write files below one root folder",
    version: "2026.8.31",
    transport: {
      type: "stdio",
      command: "npx",
      args: ["-y", "@modelcontextprotocol/server-filesystem", "{{root}}"],
    },
    parameters_schema: {
      type: "object",
      required: ["root"],
      properties: { root: { type: "string", description: "The folder the server may touch" } },
    },
    environments: { docker: { args: ["-y", "@modelcontextprotocol/server-filesystem", "/workspace"] } },
    tags: ["files", "stdio"],
    provides: ["files:read", "files:write"],
  },
  {
    name: "everything",
    description: "The MCP reference server that exercises every protocol feature (stdio); the one demo server that runs on the first start",
    version: "2026.8.31",
    // PATCHBAY_STDIO_ALLOW admits exactly this command line by default.
    transport: { type: "stdio", command: DEMO_STDIO_SERVER.command, args: [...DEMO_STDIO_SERVER.args] },
    tags: ["testing", "stdio", "reference"],
    provides: ["echo", "sampling"],
  },
];

/** Seed 003 "Capability Using Registry" and "Agent Using Capability", seeded after the servers they name. */
export const demoCapabilities = [
  {
    name: "document-research",
    description: "Research documents in the context store",
    mcp_servers: { docs: { server: "context-store", parameters: { namespace: "research-docs" } } },
    tags: ["research", "documents"],
  },
  {
    name: "orchestration",
    description: "Start and resume agent sessions",
    mcp_servers: ["orchestrator"],
    tags: ["orchestration"],
  },
];

export const demoAgents = [
  {
    name: "researcher",
    description: "Research agent with document access",
    capabilities: ["document-research", "orchestration"],
    mcp_servers: ["memory", "everything"],
    tags: ["research"],
  },
];
