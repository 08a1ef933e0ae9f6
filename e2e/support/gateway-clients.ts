import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

export type GatewayClients = {
  /** A 2025-11-25 client (SDK 1.x) of `/mcp/{kind}/{name}` on `baseUrl`, signed in with `token`. */
  connect(kind: "agents" | "capabilities", name: string): Promise<Client>;
  /** Closes every client opened since the last call (for `afterEach`). */
  closeAll(): Promise<void>;
};

/** Gateway clients of one test file: all named `clientName`, all with the same bearer token. */
export function gatewayClients(clientName: string, target: () => { baseUrl: string; token: string }): GatewayClients {
  const open: Client[] = [];
  return {
    async connect(kind, name) {
      const { baseUrl, token } = target();
      const client = new Client({ name: clientName, version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(`/mcp/${kind}/${name}`, baseUrl), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
      open.push(client);
      return client;
    },
    closeAll: async () => void (await Promise.all(open.splice(0).map((client) => client.close()))),
  };
}
