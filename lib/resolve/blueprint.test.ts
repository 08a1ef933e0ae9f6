import { describe, expect, test } from "vitest";

import { ApiError, type FieldError } from "../errors";
import type { AgentInput } from "../schemas/agent";
import type { CapabilityInput } from "../schemas/capability";
import type { ServerInput } from "../schemas/server";
import { resolveBlueprint, type BlueprintConfig, type BlueprintInput } from "./blueprint";
import { DEFAULT_RUNNER_PLACEHOLDERS, MASK, type ResolveContext } from "./types";

/** Seed 003 "Example Configurations": the built-in servers. */
const contextStore: ServerInput = {
  name: "context-store",
  description: "Document storage",
  transport: { type: "http", url: "${CONTEXT_STORE_MCP_URL}", headers: { "X-Namespace": "{{namespace}}" } },
  parameters_schema: { type: "object", required: ["namespace"], properties: { namespace: { type: "string" } } },
  environments: { development: { url: "http://localhost:9501/mcp" }, docker: { url: "http://context-store:9501/mcp" } },
};
const orchestrator: ServerInput = {
  name: "orchestrator",
  description: "Agent orchestration tools",
  transport: { type: "http", url: "${AGENT_ORCHESTRATOR_MCP_URL}", headers: { "X-Agent-Session-Id": "${AGENT_SESSION_ID}" } },
};
const memory: ServerInput = {
  name: "memory",
  description: "Memory",
  transport: { type: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"], env: { MEMORY_FILE_PATH: "{{memory_file}}" } },
  parameters_schema: { type: "object", properties: { memory_file: { type: "string", default: "./data/memory.jsonl" }, level: { type: "string" } } },
};
/** One parameter that every source can give, to prove the priority order. */
const tiered: ServerInput = {
  name: "tiered",
  description: "Priorities",
  transport: { type: "http", url: "http://127.0.0.1:1/mcp", headers: { "X-Value": "{{value}}", "X-Token": "${TIERED_TOKEN}" } },
  parameters_schema: { type: "object", properties: { value: { type: "string", default: "from-default" } } },
};

const servers = new Map([contextStore, orchestrator, memory, tiered].map((server) => [server.name, server]));

const documentResearch: CapabilityInput = {
  name: "document-research",
  description: "Research documents in the context store",
  mcp_servers: { docs: { server: "context-store", parameters: { namespace: "research-docs" } } },
};
const orchestration: CapabilityInput = { name: "orchestration", description: "Sessions", mcp_servers: ["orchestrator"] };
const researcher: AgentInput = {
  name: "researcher",
  description: "Research agent with document access",
  capabilities: ["document-research", "orchestration"],
  mcp_servers: ["memory"],
};

function ctx(environment = "development", env: Record<string, string> = {}, mask = false): ResolveContext {
  return { environment, variables: new Map(), env, runnerPlaceholders: new Set(DEFAULT_RUNNER_PLACEHOLDERS), mask };
}

function input(agent: AgentInput, capabilities: CapabilityInput[] = [], extra: Partial<BlueprintInput> = {}): BlueprintInput {
  return { agent, capabilities: new Map(capabilities.map((cap) => [cap.name, cap])), servers, ctx: ctx(), ...extra };
}

const agentWith = (mcp_servers: AgentInput["mcp_servers"], capabilities: string[] = []): AgentInput =>
  ({ name: "a", description: "d", capabilities, mcp_servers });
const capabilityWith = (name: string, mcp_servers: CapabilityInput["mcp_servers"]): CapabilityInput => ({ name, description: "d", mcp_servers });

describe("resolveBlueprint — configs per alias, capabilities in order, then the agent's own", () => {
  test.each<{ proves: string; input: BlueprintInput; mcpServers: Record<string, BlueprintConfig>; warnings?: FieldError[] }>([
    {
      proves: "seed 003's researcher: docs, orchestrator (runner placeholders left), then memory with its default",
      input: input(researcher, [documentResearch, orchestration]),
      mcpServers: {
        docs: { type: "http", url: "http://localhost:9501/mcp", headers: { "X-Namespace": "research-docs" } },
        orchestrator: { type: "http", url: "${AGENT_ORCHESTRATOR_MCP_URL}", headers: { "X-Agent-Session-Id": "${AGENT_SESSION_ID}" } },
        memory: { type: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"], env: { MEMORY_FILE_PATH: "./data/memory.jsonl" } },
      },
    },
    {
      proves: "the environment picks the server's URL for it",
      input: input(agentWith({ docs: { server: "context-store", parameters: { namespace: "n" } } }), [], { ctx: ctx("docker") }),
      mcpServers: { docs: { type: "http", url: "http://context-store:9501/mcp", headers: { "X-Namespace": "n" } } },
    },
    {
      proves: "order follows the agent's capability list, not the map",
      input: input(agentWith(undefined, ["orchestration", "document-research"]), [documentResearch, orchestration]),
      mcpServers: {
        orchestrator: { type: "http", url: "${AGENT_ORCHESTRATOR_MCP_URL}", headers: { "X-Agent-Session-Id": "${AGENT_SESSION_ID}" } },
        docs: { type: "http", url: "http://localhost:9501/mcp", headers: { "X-Namespace": "research-docs" } },
      },
    },
    {
      proves: "reference parameters beat run-time, context and the default",
      input: input(agentWith({ t: { server: "tiered", parameters: { value: "from-reference" } } }), [], {
        parameters: { t: { value: "from-runtime" } }, context: { value: "from-context" }, ctx: ctx("development", { TIERED_TOKEN: "x" }),
      }),
      mcpServers: { t: { type: "http", url: "http://127.0.0.1:1/mcp", headers: { "X-Value": "from-reference", "X-Token": "x" } } },
    },
    {
      proves: "run-time parameters (by alias) beat context and the default",
      input: input(agentWith({ t: "tiered" }), [], {
        parameters: { t: { value: "from-runtime" } }, context: { value: "from-context" }, ctx: ctx("development", { TIERED_TOKEN: "x" }),
      }),
      mcpServers: { t: { type: "http", url: "http://127.0.0.1:1/mcp", headers: { "X-Value": "from-runtime", "X-Token": "x" } } },
    },
    {
      proves: "context beats the default",
      input: input(agentWith({ t: "tiered" }), [], { context: { value: "from-context" }, ctx: ctx("development", { TIERED_TOKEN: "x" }) }),
      mcpServers: { t: { type: "http", url: "http://127.0.0.1:1/mcp", headers: { "X-Value": "from-context", "X-Token": "x" } } },
    },
    {
      proves: "the default applies when nothing else gives the value",
      input: input(agentWith({ t: "tiered" }), [], { ctx: ctx("development", { TIERED_TOKEN: "x" }) }),
      mcpServers: { t: { type: "http", url: "http://127.0.0.1:1/mcp", headers: { "X-Value": "from-default", "X-Token": "x" } } },
    },
    {
      proves: "registry values are masked when the context says so",
      input: input(agentWith({ t: "tiered" }), [], { ctx: ctx("development", { TIERED_TOKEN: "s3cret" }, true) }),
      mcpServers: { t: { type: "http", url: "http://127.0.0.1:1/mcp", headers: { "X-Value": "from-default", "X-Token": MASK } } },
    },
    {
      proves: "a parameter value holding ${VAR} is inserted literally, never expanded",
      input: input(agentWith({ t: "tiered" }), [], { parameters: { t: { value: "${TIERED_TOKEN}" } }, ctx: ctx("development", { TIERED_TOKEN: "s3cret" }) }),
      mcpServers: { t: { type: "http", url: "http://127.0.0.1:1/mcp", headers: { "X-Value": "${TIERED_TOKEN}", "X-Token": "s3cret" } } },
    },
    {
      proves: "an unset registry value stays as written, with a warning at its path in the blueprint",
      input: input(agentWith({ t: "tiered" })),
      mcpServers: { t: { type: "http", url: "http://127.0.0.1:1/mcp", headers: { "X-Value": "from-default", "X-Token": "${TIERED_TOKEN}" } } },
      warnings: [{ path: "/mcp_servers/t/headers/X-Token", message: "variable TIERED_TOKEN is not set; left for the runner" }],
    },
    {
      proves: "a legacy inline config passes through as entered, flagged deprecated",
      input: input(agentWith(undefined, ["legacy"]), [capabilityWith("legacy", { neo4j: { type: "streamable-http", url: "http://localhost:9003/mcp/", extra: 1 } })]),
      mcpServers: { neo4j: { type: "streamable-http", url: "http://localhost:9003/mcp/", extra: 1 } },
      warnings: [{ path: "/mcp_servers/neo4j", message: "inline MCP server config in capability legacy is deprecated; move it into the registry" }],
    },
    {
      proves: "run-time parameters for an alias the blueprint lacks are ignored with a warning",
      input: input(agentWith(["memory"]), [], { parameters: { nope: { a: 1 } } }),
      mcpServers: { memory: { type: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"], env: { MEMORY_FILE_PATH: "./data/memory.jsonl" } } },
      warnings: [{ path: "/parameters/nope", message: "no MCP server of the blueprint has this alias; ignored" }],
    },
    {
      proves: "context fills only parameters the schema declares",
      input: input(agentWith(["memory"]), [], { context: { memory_file: "/tmp/m.jsonl", undeclared: "x" } }),
      mcpServers: { memory: { type: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"], env: { MEMORY_FILE_PATH: "/tmp/m.jsonl" } } },
    },
  ])("$proves", ({ input: blueprintInput, mcpServers, warnings = [] }) => {
    const blueprint = resolveBlueprint(blueprintInput);

    expect({ mcpServers: blueprint.mcpServers, warnings: blueprint.warnings }).toEqual({ mcpServers, warnings });
    expect(Object.keys(blueprint.mcpServers)).toEqual(Object.keys(mcpServers));
  });

  test("the inputs are not mutated", () => {
    const blueprintInput = input(researcher, [documentResearch, orchestration], { parameters: { memory: { level: "x" } }, context: { namespace: "c" } });
    const before = structuredClone({ agent: blueprintInput.agent, servers: [...servers.values()], parameters: blueprintInput.parameters });

    resolveBlueprint(blueprintInput);

    expect({ agent: blueprintInput.agent, servers: [...servers.values()], parameters: blueprintInput.parameters }).toEqual(before);
  });
});

describe("resolveBlueprint — refusals", () => {
  test.each<{ proves: string; input: BlueprintInput; status: number; detail: string; errors: FieldError[] }>([
    {
      proves: "one alias from two capabilities is a conflict naming both",
      input: input(agentWith(undefined, ["a", "b"]), [capabilityWith("a", { docs: "memory" }), capabilityWith("b", { docs: "orchestrator" })]),
      status: 409,
      detail: "MCP server 'docs' defined in multiple places: capability a, capability b",
      errors: [{ path: "/mcp_servers/docs", message: "defined in capability a, capability b" }],
    },
    {
      proves: "an alias of the agent's own that a capability already uses is a conflict",
      input: input(agentWith(["orchestrator"], ["orchestration"]), [orchestration]),
      status: 409,
      detail: "MCP server 'orchestrator' defined in multiple places: capability orchestration, agent a",
      errors: [{ path: "/mcp_servers/orchestrator", message: "defined in capability orchestration, agent a" }],
    },
    {
      proves: "an unknown server names the referrer and the server",
      input: input(agentWith(undefined, ["a"]), [capabilityWith("a", { docs: "ghost" })]),
      status: 422,
      detail: "Agent 'a' can not be resolved: capability a references unknown MCP server 'ghost'.",
      errors: [{ path: "/mcp_servers/docs", message: "capability a references unknown MCP server 'ghost'" }],
    },
    {
      proves: "an unknown capability names the agent and the capability",
      input: input(agentWith(undefined, ["gone"])),
      status: 422,
      detail: "Agent 'a' can not be resolved: agent a references unknown capability 'gone'.",
      errors: [{ path: "/capabilities/0", message: "agent a references unknown capability 'gone'" }],
    },
    {
      proves: "a missing required parameter names the alias and the parameter",
      input: input(agentWith({ docs: "context-store" })),
      status: 422,
      detail: "Agent 'a' can not be resolved: MCP server 'docs' (agent a, server context-store): must have required property 'namespace'.",
      errors: [{ path: "/mcp_servers/docs/parameters/namespace", message: "MCP server 'docs' (agent a, server context-store): must have required property 'namespace'" }],
    },
    {
      proves: "every unresolvable reference is listed at once",
      input: input(agentWith({ docs: "context-store", x: "ghost" })),
      status: 422,
      detail: "Agent 'a' can not be resolved: MCP server 'docs' (agent a, server context-store): must have required property 'namespace' (and 1 more).",
      errors: [
        { path: "/mcp_servers/docs/parameters/namespace", message: "MCP server 'docs' (agent a, server context-store): must have required property 'namespace'" },
        { path: "/mcp_servers/x", message: "agent a references unknown MCP server 'ghost'" },
      ],
    },
  ])("$proves", ({ input: blueprintInput, status, detail, errors }) => {
    const error = captureError(() => resolveBlueprint(blueprintInput));

    expect(error).toBeInstanceOf(ApiError);
    expect({ status: error.status, detail: error.message, errors: error.errors ?? error.extra?.errors }).toEqual({ status, detail, errors });
  });
});

function captureError(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    return error as ApiError;
  }
  throw new Error("expected an error");
}
