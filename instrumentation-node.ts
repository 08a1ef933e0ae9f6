/**
 * The Node.js half of instrumentation.ts: boot (migrations, demo data, schedulers) and the front door. Imported
 * only where NEXT_RUNTIME is "nodejs", so the edge bundle of instrumentation holds none of it.
 */
export async function registerOnNode() {
  const { startTracing } = await import("./lib/telemetry/start-tracing");
  startTracing();
  const { installVaryAccept } = await import("./lib/http/vary-accept");
  installVaryAccept();
  const { bootPatchbay } = await import("./lib/boot");
  const { demoAgents, demoCapabilities, demoServers, demoVariables } = await import("./prisma/demo-data");
  await bootPatchbay({ demo: { variables: demoVariables, servers: demoServers, capabilities: demoCapabilities, agents: demoAgents } });
  const { installFrontDoor } = await import("./lib/http/front-door");
  installFrontDoor(await hotRoutes());
}

/** What runners and agents call on every start and every tool call: served through the front door (lib/http/front-door.ts). */
function hotRoutes() {
  return Promise.all([
    import("./app/api/mcp-servers/route"),
    import("./app/api/mcp-servers/[name]/route"),
    import("./app/api/mcp-servers/[name]/validate/route"),
    import("./app/api/mcp-servers/[name]/tools/route"),
    import("./app/api/agents/[name]/route"),
    import("./app/api/agents/[name]/blueprint/route"),
    import("./app/api/capabilities/[name]/route"),
    import("./app/api/tools/route"),
    import("./app/v0.1/servers/route"),
    import("./app/v0.1/servers/[name]/versions/route"),
    import("./app/v0.1/servers/[name]/versions/latest/route"),
    import("./app/v0.1/servers/[name]/versions/[version]/route"),
    import("./app/mcp/agents/[name]/route"),
    import("./app/mcp/capabilities/[name]/route"),
  ]);
}
