import { queryOptions } from "@tanstack/react-query";

import type { ServerPrompts } from "../schemas/prompts";
import { useWrite } from "./entity";
import { fetchJson } from "./fetch-json";
import { serverPath } from "./servers";

export type { ServerPrompts };

export const promptKeys = {
  all: ["prompts"] as const,
  /** One server's prompts in every environment. */
  ofServer: (name: string) => [...promptKeys.all, "server", name] as const,
  server: (name: string, environment?: string) => [...promptKeys.ofServer(name), environment ?? null] as const,
};

/** GET /api/mcp-servers/{name}/prompts: what its last probe listed, the pin and the drift (DESIGN §16). */
export const serverPromptsQuery = (name: string, environment?: string) =>
  queryOptions({
    queryKey: promptKeys.server(name, environment),
    queryFn: () => fetchJson<ServerPrompts>(`${serverPath(name)}/prompts${environment ? `?environment=${encodeURIComponent(environment)}` : ""}`),
  });

/** Pins the prompts the server lists now in `environment`: drift is measured from them. */
export function usePinPrompts(name: string) {
  return useWrite(
    (environment: string | undefined) => fetchJson<unknown>(`${serverPath(name)}/prompts/pin`, { method: "POST", json: { environment } }),
    (client) => client.invalidateQueries({ queryKey: promptKeys.all }),
  );
}
