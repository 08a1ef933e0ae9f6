/** Runs once when a Patchbay server process starts, before it serves requests. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startTracing } = await import("./lib/telemetry/start-tracing");
  startTracing();
  const { installVaryAccept } = await import("./lib/http/vary-accept");
  installVaryAccept();
  const { bootPatchbay } = await import("./lib/boot");
  const { demoAgents, demoCapabilities, demoServers, demoVariables } = await import("./prisma/demo-data");
  await bootPatchbay({ demo: { variables: demoVariables, servers: demoServers, capabilities: demoCapabilities, agents: demoAgents } });
}
