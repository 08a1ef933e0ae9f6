import { httpServer, uniqueName, type apiClient } from "./api-client";

type Api = ReturnType<typeof apiClient>;

export function capabilityBody(name: string, overrides: Record<string, unknown> = {}) {
  return { name, description: `Test capability ${name}`, ...overrides };
}

export function agentBody(name: string, overrides: Record<string, unknown> = {}) {
  return { name, description: `Test agent ${name}`, ...overrides };
}

/** Creates a uniquely named server and returns its name; fails the test on anything but 201. */
export async function givenServer(api: Api, prefix: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const name = uniqueName(prefix);
  const response = await api.post("/api/mcp-servers", httpServer(name, overrides));
  if (response.status !== 201) throw new Error(`creating server ${name}: ${response.status} ${response.text}`);
  return name;
}

export async function givenCapability(api: Api, prefix: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const name = uniqueName(prefix);
  const response = await api.post("/api/capabilities", capabilityBody(name, overrides));
  if (response.status !== 201) throw new Error(`creating capability ${name}: ${response.status} ${response.text}`);
  return name;
}

export async function givenAgent(api: Api, prefix: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const name = uniqueName(prefix);
  const response = await api.post("/api/agents", agentBody(name, overrides));
  if (response.status !== 201) throw new Error(`creating agent ${name}: ${response.status} ${response.text}`);
  return name;
}
