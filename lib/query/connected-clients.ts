import { queryOptions } from "@tanstack/react-query";

import type { ConnectedClient } from "../schemas/connected-clients";
import { useWrite } from "./entity";
import { fetchJson } from "./fetch-json";

export const connectedClientKeys = { all: ["connected-clients"] as const };

/** GET /api/oauth/clients: the MCP clients the caller allowed on the consent page. */
export const connectedClientsQuery = () =>
  queryOptions({ queryKey: connectedClientKeys.all, queryFn: async ({ signal }) => (await fetchJson<{ clients: ConnectedClient[] }>("/api/oauth/clients", { signal })).clients });

/** DELETE /api/oauth/clients/:grant_id: the client is signed out of every gateway at once. */
export function useRevokeConnectedClient() {
  return useWrite(
    (grantId: string) => fetchJson<void>(`/api/oauth/clients/${encodeURIComponent(grantId)}`, { method: "DELETE" }),
    (client) => client.invalidateQueries({ queryKey: connectedClientKeys.all }),
  );
}
