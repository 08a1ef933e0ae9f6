/**
 * The Node.js half of instrumentation.ts: boot (migrations, demo data, schedulers) and the API's mount in the production server. Imported
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
  const { installNodeMount } = await import("./lib/http/node-mount");
  const { dispatch } = await import("./lib/endpoints/all-endpoints");
  installNodeMount(dispatch);
  const { installAuthorizationServer } = await import("./lib/gateway-oauth/authorization-server-mount");
  installAuthorizationServer();
}
