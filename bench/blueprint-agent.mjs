// The blueprint runners ask for: an agent with 10 capabilities × 5 servers each (parameters, environments,
// registry values, one stdio server in five), shared by bench/blueprint.mjs and bench/api.mjs.
export const CAPABILITIES = 10;
export const SERVERS_PER_CAPABILITY = 5;

/** The request body of POST /api/agents/{name}/blueprint: an environment, one alias's parameters, a context. */
export const BLUEPRINT_REQUEST = {
  environment: "production",
  parameters: { "cap-0-srv-0": { level: "debug" } },
  context: { tenant: "acme", namespace: "ignored-when-the-reference-gives-it" },
};

/** Creates the agent, its capabilities and servers through the API (as `headers` allow) and returns its name. */
export async function loadBlueprintAgent(baseUrl, headers = {}) {
  const post = async (path, payload) => {
    const response = await fetch(`${baseUrl}${path}`, { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(payload) });
    if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  };

  const capabilities = [];
  for (let c = 0; c < CAPABILITIES; c++) {
    const references = {};
    for (let s = 0; s < SERVERS_PER_CAPABILITY; s++) {
      const name = `bench-${c}-${s}`;
      await post("/api/mcp-servers", benchServer(name, c * SERVERS_PER_CAPABILITY + s));
      references[`cap-${c}-srv-${s}`] = { server: name, parameters: { namespace: `ns-${c}-${s}` } };
    }
    capabilities.push(`bench-capability-${c}`);
    await post("/api/capabilities", { name: `bench-capability-${c}`, description: `Bench capability ${c}`, mcp_servers: references });
  }
  await post("/api/agents", { name: "bench-agent", description: "Bench agent", capabilities });

  const check = await fetch(`${baseUrl}/api/agents/bench-agent/blueprint`, { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: "{}" });
  const blueprint = await check.json();
  if (check.status !== 200 || Object.keys(blueprint.agent.mcp_servers).length !== CAPABILITIES * SERVERS_PER_CAPABILITY) {
    throw new Error(`the bench agent does not resolve: ${check.status} ${JSON.stringify(blueprint).slice(0, 500)}`);
  }
  return "bench-agent";
}

function benchServer(name, index) {
  const remote = index % 5 !== 4;
  return {
    name,
    description: `Bench server ${index}`,
    version: "1.0.0",
    transport: remote
      ? { type: "http", url: `http://127.0.0.1:${10_000 + index}/mcp`, headers: { Authorization: "Bearer ${BENCH_TOKEN}", "X-Namespace": "{{namespace}}", "X-Tenant": "{{tenant}}", "X-Level": "{{level}}" } }
      : { type: "stdio", command: "node", args: ["server.js", "--namespace", "{{namespace}}"], env: { LEVEL: "{{level}}", TOKEN: "${BENCH_TOKEN}" } },
    parameters_schema: {
      type: "object",
      required: ["namespace"],
      properties: {
        namespace: { type: "string", minLength: 1 },
        tenant: { type: "string", default: "default-tenant" },
        level: { enum: ["debug", "info", "warn"], default: "info" },
      },
    },
    environments: remote
      ? { staging: { url: `http://127.0.0.1:${20_000 + index}/mcp` }, production: { url: `http://127.0.0.1:${30_000 + index}/mcp`, headers: { "X-Env": "production" } } }
      : { production: { env: { NODE_ENV: "production" } } },
    tags: ["bench", `group-${index % 10}`],
  };
}
