import { describe, expect, it } from "vitest";

import { agentTools, capabilityTools, upstreamCall, type SourceTool } from "./effective-tools";

const fetchInput = { type: "object", properties: { url: { type: "string" }, max_length: { type: "integer" }, raw: { type: "boolean" } }, required: ["url", "max_length"] };
const SERVERS: Record<string, SourceTool[]> = {
  "fetch-server": [{ name: "fetch", description: "Fetch a URL", input_schema: fetchInput }],
  "memory-server": [{ name: "read_graph" }, { name: "search_nodes", description: "Search" }],
  "cloudflare-docs": [{ name: "search_cloudflare_docs", original_name: "search_cloudflare_documentation", input_schema: { type: "object" } }],
};
const toolsOf = (server: string) => SERVERS[server];
const names = (result: { tools: { name: string }[] }) => result.tools.map((tool) => tool.name);

describe("capabilityTools", () => {
  it.each([
    ["every tool of every referenced server without include", { mcp_servers: ["fetch-server", "memory-server"] }, ["fetch-server.fetch", "memory-server.read_graph", "memory-server.search_nodes"]],
    ["only what include's globs match", { mcp_servers: { fetch: "fetch-server", memory: "memory-server" }, tools: { include: ["memory.search_*", "fetch.f?tch"] } }, ["fetch.fetch", "memory.search_nodes"]],
    ["a glob's dot is literal", { mcp_servers: { memory: "memory-server" }, tools: { include: ["memory.read.graph"] } }, []],
    ["virtual tools besides an include that excludes their base", { mcp_servers: { fetch: "fetch-server" }, tools: { include: [], virtual: [{ name: "get_webpage", source: "fetch.fetch" }] } }, ["get_webpage"]],
  ])("lists %s", (_, capability, expected) => {
    const result = capabilityTools({ name: "web", ...capability }, toolsOf);
    expect(result.errors).toEqual([]);
    expect(names(result)).toEqual(expected);
  });

  it("resolves a source chain to the upstream server and tool, nearest description and merged defaults first", () => {
    const result = capabilityTools({
      name: "web",
      mcp_servers: { docs: "cloudflare-docs", fetch: "fetch-server" },
      tools: { include: ["docs.*"], virtual: [
        { name: "page_text", source: "get_webpage", defaults: { raw: false } },
        { name: "get_webpage", source: "fetch.fetch", description: "Get a web page", defaults: { max_length: 5000, raw: true } },
      ] },
    }, toolsOf);
    expect(result.errors).toEqual([]);
    const [docs, pageText, webpage] = result.tools;
    expect(docs.origin).toEqual({ place: "capability web", alias: "docs", server: "cloudflare-docs", upstream_tool: "search_cloudflare_documentation", chain: [], hidden_default_keys: [] });
    expect(pageText).toEqual({
      name: "page_text",
      address: "page_text",
      description: "Get a web page",
      input_schema: { type: "object", properties: { url: { type: "string" } }, required: ["url"] },
      origin: { place: "capability web", alias: "fetch", server: "fetch-server", upstream_tool: "fetch", chain: ["page_text", "get_webpage", "fetch.fetch"], hidden_default_keys: ["max_length", "raw"] },
      hidden_defaults: { max_length: 5000, raw: false },
    });
    expect(webpage.hidden_defaults).toEqual({ max_length: 5000, raw: true });
    expect(webpage.input_schema).toEqual({ type: "object", properties: { url: { type: "string" } }, required: ["url"] });
    expect(SERVERS["fetch-server"][0].input_schema).toBe(fetchInput); // the source tool is not changed
    expect(fetchInput.required).toEqual(["url", "max_length"]);
  });

  it("advertises a virtual tool's own input_schema, less its hidden defaults, to the tools sourcing it (seed 004)", () => {
    const own = { type: "object", properties: { page: { type: "string" }, max_length: { type: "integer" } }, required: ["page", "max_length"] };
    const result = capabilityTools({
      name: "web",
      mcp_servers: { fetch: "fetch-server" },
      tools: { include: [], virtual: [
        { name: "page_text", source: "get_webpage" },
        { name: "get_webpage", source: "fetch.fetch", input_schema: own, defaults: { max_length: 5000 } },
        { name: "plain", source: "fetch.fetch" },
      ] },
    }, toolsOf);
    expect(result.errors).toEqual([]);
    const advertised = { type: "object", properties: { page: { type: "string" } }, required: ["page"] };
    expect(result.tools.map((tool) => [tool.name, tool.input_schema])).toEqual([
      ["page_text", advertised], ["get_webpage", advertised], ["plain", fetchInput],
    ]);
    expect(own.required).toEqual(["page", "max_length"]); // the declared schema is not changed
  });

  it("advertises output_schema without source_field and keeps it for projection", () => {
    const output = { type: "object", properties: { time: { type: "string", source_field: "$.datetime" } } };
    const [tool] = capabilityTools({ name: "t", mcp_servers: { m: "memory-server" }, tools: { include: [], virtual: [{ name: "structured", source: "m.read_graph", output_schema: output }] } }, toolsOf).tools;
    expect(tool.output_schema).toEqual({ type: "object", properties: { time: { type: "string" } } });
    expect(tool.projection).toBe(output);
  });

  it.each([
    ["a cycle", [{ name: "a", source: "b" }, { name: "b", source: "a" }], [
      { path: "/tools/virtual/0/source", message: "is a cycle: a → b → a" },
      { path: "/tools/virtual/1/source", message: "is a cycle: b → a → b" },
    ]],
    ["a source that is no tool", [{ name: "a", source: "b" }, { name: "b", source: "fetch.nope" }], [
      { path: "/tools/virtual/0/source", message: "'fetch.nope' is no tool of the referenced servers (reached by a → b)" },
      { path: "/tools/virtual/1/source", message: "'fetch.nope' is no tool of the referenced servers" },
    ]],
  ])("reports %s and lists the rest", (_, virtual, errors) => {
    const result = capabilityTools({ name: "web", mcp_servers: { fetch: "fetch-server" }, tools: { virtual } }, toolsOf);
    expect(result.errors).toEqual(errors);
    expect(names(result)).toEqual(["fetch.fetch"]);
  });

  it("names an unknown server", () => {
    const result = capabilityTools({ name: "web", mcp_servers: { x: { server: "gone" } } }, toolsOf);
    expect(result.errors).toEqual([{ path: "/mcp_servers/x/server", message: "capability web references unknown MCP server 'gone'" }]);
  });

  it("a virtual name claimed twice inside one capability cannot happen; a base address twice is one tool", () => {
    const result = capabilityTools({ name: "web", mcp_servers: { fetch: "fetch-server" }, tools: { include: ["fetch.*", "*"] } }, toolsOf);
    expect(names(result)).toEqual(["fetch.fetch"]);
  });
});

describe("agentTools", () => {
  const research = { name: "research", mcp_servers: { memory: "memory-server" }, tools: { include: ["memory.read_graph"], virtual: [{ name: "get_webpage", source: "memory.search_nodes" }] } };
  const web = { name: "web", mcp_servers: { fetch: "fetch-server" }, tools: { virtual: [{ name: "get_webpage", source: "fetch.fetch" }] } };

  it("is the union of its capabilities' tools and its own references' tools, in order", () => {
    const result = agentTools({ name: "bot", mcp_servers: { docs: "cloudflare-docs" } }, [research, { ...web, tools: {} }], toolsOf);
    expect(result.errors).toEqual([]);
    expect(names(result)).toEqual(["memory.read_graph", "get_webpage", "fetch.fetch", "docs.search_cloudflare_docs"]);
    expect(result.tools.map((tool) => tool.origin.place)).toEqual(["capability research", "capability research", "capability web", "agent bot"]);
  });

  it.each([
    ["a virtual name in two capabilities", { name: "bot" }, [research, web], "/tools/get_webpage", "Tool 'get_webpage' defined in multiple places: capability research, capability web"],
    ["an address from a capability and the agent", { name: "bot", mcp_servers: { fetch: "fetch-server" } }, [web], "/tools/fetch.fetch", "Tool 'fetch.fetch' defined in multiple places: capability web, agent bot"],
  ])("names both places of %s", (_, agent, capabilities, path, message) => {
    expect(agentTools(agent, capabilities, toolsOf).errors).toEqual([{ path, message }]);
  });

  it("places a capability's errors under it", () => {
    const result = agentTools({ name: "bot" }, [{ name: "web", mcp_servers: { fetch: "fetch-server" }, tools: { virtual: [{ name: "a", source: "fetch.nope" }] } }], toolsOf);
    expect(result.errors).toEqual([{ path: "/capabilities/web/tools/virtual/0/source", message: "'fetch.nope' is no tool of the referenced servers" }]);
  });
});

describe("names (DESIGN §16)", () => {
  const ECHO: Record<string, SourceTool[]> = {
    "echo-a": [{ name: "echo" }, { name: "only_a" }],
    "echo-b": [{ name: "echo" }],
    long: [{ name: "summarise_the_quarterly_financial_statements_of_every_subsidiary" }],
  };
  const echoOf = (server: string) => ECHO[server];

  it("advertises a bare reference's tools under their own names, the others as alias.tool", () => {
    const result = capabilityTools({ name: "c", mcp_servers: { a: { server: "echo-a", names: "bare" }, b: "echo-b" } }, echoOf);
    expect(result.errors).toEqual([]);
    expect(result.tools.map((tool) => [tool.name, tool.address])).toEqual([["echo", "a.echo"], ["only_a", "a.only_a"], ["b.echo", "b.echo"]]);
  });

  it("reports two bare references claiming one name in one agent, naming both, and does not expose the later", () => {
    const result = agentTools({ name: "bot", mcp_servers: { a: { server: "echo-a", names: "bare" }, b: { server: "echo-b", names: "bare" } } }, [], echoOf);
    expect(result.errors).toEqual([{ path: "/tools/echo", message: "Tool 'echo' defined in multiple places: agent bot (a.echo), agent bot (b.echo)" }]);
    expect(result.tools.map((tool) => [tool.name, tool.origin.server])).toEqual([["echo", "echo-a"], ["only_a", "echo-a"]]);
  });

  it("reports a bare name meeting a capability's virtual tool; the capability's claim, first, wins", () => {
    const capability = { name: "web", mcp_servers: { a: "echo-a" }, tools: { include: [], virtual: [{ name: "echo", source: "a.only_a" }] } };
    const result = agentTools({ name: "bot", mcp_servers: { b: { server: "echo-b", names: "bare" } } }, [capability], echoOf);
    expect(result.errors).toEqual([{ path: "/tools/echo", message: "Tool 'echo' defined in multiple places: capability web, agent bot (b.echo)" }]);
    expect(result.tools.map((tool) => [tool.name, tool.origin.upstream_tool])).toEqual([["echo", "only_a"]]);
  });

  it("reports a joined name meeting a bare one", () => {
    const result = agentTools({ name: "bot", mcp_servers: { x: "echo-a", y: { server: "joined", names: "bare" } }, tool_names: { separator: "_" } }, [], (server) => (server === "joined" ? [{ name: "x_echo" }] : echoOf(server)));
    expect(result.errors).toEqual([{ path: "/tools/x_echo", message: "Tool 'x_echo' defined in multiple places: agent bot (x.echo), agent bot (y.x_echo)" }]);
    expect(result.tools.map((tool) => [tool.name, tool.address])).toEqual([["x_echo", "x.echo"], ["x_only_a", "x.only_a"]]);
  });

  it("advertises under a separator, keeps include globs and virtual sources on alias.tool, and shortens over 64", () => {
    const capability = {
      name: "c", tool_names: { separator: "__" as const },
      mcp_servers: { "fin docs": "long", a: "echo-a" },
      tools: { include: ["fin docs.*", "a.echo"], virtual: [{ name: "say", source: "a.only_a" }] },
    };
    const result = capabilityTools(capability, echoOf);
    expect(result.errors).toEqual([]);
    expect(result.tools.map((tool) => [tool.name, tool.address])).toEqual([
      ["fin_docs__summarise_the_quarterly_financial_statements_of_03b3ed", "fin docs.summarise_the_quarterly_financial_statements_of_every_subsidiary"],
      ["a__echo", "a.echo"],
      ["say", "say"],
    ]);
    expect(result.tools.every((tool) => /^[a-zA-Z0-9_-]{1,64}$/.test(tool.name))).toBe(true);
  });

  it("advertises an agent's capability tools under the agent's naming, not the capability's", () => {
    const capability = { name: "c", tool_names: { separator: "__" as const }, mcp_servers: { a: "echo-a" } };
    expect(names(capabilityTools(capability, echoOf))).toEqual(["a__echo", "a__only_a"]);
    expect(names(agentTools({ name: "bot" }, [capability], echoOf))).toEqual(["a.echo", "a.only_a"]);
    expect(names(agentTools({ name: "bot", tool_names: { separator: "-" } }, [capability], echoOf))).toEqual(["a-echo", "a-only_a"]);
  });
});

describe("upstreamCall", () => {
  const [docs, virtual] = capabilityTools({
    name: "web", mcp_servers: { docs: "cloudflare-docs", fetch: "fetch-server" },
    tools: { include: ["docs.*"], virtual: [{ name: "get_webpage", source: "fetch.fetch", defaults: { max_length: 5000 } }] },
  }, toolsOf).tools;

  it.each([
    ["a base tool under its original name", docs, { query: "r2" }, { server: "cloudflare-docs", tool: "search_cloudflare_documentation", arguments: { query: "r2" } }],
    ["a virtual tool with its hidden default injected", virtual, { url: "https://a.example" }, { server: "fetch-server", tool: "fetch", arguments: { url: "https://a.example", max_length: 5000 } }],
    ["a caller trying to override a hidden default", virtual, { url: "https://a.example", max_length: 1 }, { server: "fetch-server", tool: "fetch", arguments: { url: "https://a.example", max_length: 5000 } }],
  ])("sends %s", (_, tool, args, expected) => {
    expect(upstreamCall(tool, args)).toEqual(expected);
  });
});
