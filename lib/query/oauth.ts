import { queryOptions } from "@tanstack/react-query";

import { useWrite } from "./entity";
import { fetchJson } from "./fetch-json";
import { serverKeys, serverPath } from "./servers";

/** The server page's upstream OAuth connections (DESIGN §17 "Connecting"): the reads, the writes, and their words. */

export type ConnectionStatus = "connected" | "expired" | "refused" | "never";

export type ConnectionRow = {
  environment: string;
  mode: "shared" | "per_user";
  status: ConnectionStatus;
  scopes: string[];
  expires_at: string | null;
  connected_by: string | null;
  connected_at: string | null;
  reason: string | null;
  step_up_scopes: string[];
};

/** One row per environment, in the registry's order: an environment with no stored connection is "never". */
export function connectionRows(environments: string[], connections: ConnectionRow[], mode: ConnectionRow["mode"]): ConnectionRow[] {
  const named = environments.map((environment) => connections.find((connection) => connection.environment === environment)
    ?? { environment, mode, status: "never" as const, scopes: [], expires_at: null, connected_by: null, connected_at: null, reason: null, step_up_scopes: [] });
  // A connection in an environment the registry no longer lists is still shown: it holds tokens to disconnect.
  const others = connections.filter((connection) => !environments.includes(connection.environment));
  return [...named, ...others];
}

/** The one-line message after the authorization server sent the browser back (`?oauth=…&environment=…`); null for none. */
export function callbackMessage(outcome: string | null, environment: string | null): { tone: "info" | "danger"; text: string } | null {
  const where = environment ? ` in ${environment}` : "";
  switch (outcome) {
    case "connected": return { tone: "info", text: `Connected${where}: Patchbay now signs in to this server.` };
    case "refused": return { tone: "danger", text: `Not connected${where}: the authorization server refused consent.` };
    case "failed": return { tone: "danger", text: `Not connected${where}: the sign-in failed (the connection below says why).` };
    default: return null;
  }
}

/** May this person press Connect/Disconnect? A shared connection is an admin's; a per_user one its person's. */
export function canManageConnection(mode: ConnectionRow["mode"], isAdmin: boolean): boolean {
  return isAdmin || mode === "per_user";
}

/** How a server signs in with OAuth (DESIGN §17), null when it does not. */
export type OAuthMode = ConnectionRow["mode"] | null;

/**
 * `auth_required` on a server that signs in with OAuth is not a fault to investigate but a step to take: an admin's
 * connection for a `shared` one; for a `per_user` one, each person's own (its probe answered the sign-in challenge
 * every person meets; one that nobody can answer is `unhealthy`).
 */
export function healthLabelFor(status: string, label: string, oauthMode: OAuthMode): string {
  if (status !== "auth_required" || oauthMode === null) return label;
  return oauthMode === "per_user" ? "Each person connects" : "Connect to check health";
}

const oauthKey = (name: string) => [...serverKeys.detail(name), "oauth"] as const;

/** GET …/oauth: status, scopes, expiry, who — never a token. */
export function oauthConnectionsQuery(name: string) {
  return queryOptions({
    queryKey: oauthKey(name),
    queryFn: ({ signal }) => fetchJson<{ connections: ConnectionRow[] }>(`${serverPath(name)}/oauth`, { signal }).then((body) => body.connections),
  });
}

/** POST …/oauth/connect: where the browser goes to sign in. */
export function startOAuthConnect(name: string, environment: string): Promise<string> {
  return fetchJson<{ authorization_url: string }>(`${serverPath(name)}/oauth/connect`, { method: "POST", json: { environment } })
    .then((body) => body.authorization_url);
}

/** DELETE …/oauth?environment=: revoke and forget; then the connections are asked again. */
export function useDisconnectOAuth(name: string) {
  return useWrite(
    (environment: string) => fetchJson<{ revoked: boolean }>(`${serverPath(name)}/oauth?${new URLSearchParams({ environment })}`, { method: "DELETE" }),
    (client) => client.invalidateQueries({ queryKey: oauthKey(name) }),
  );
}
