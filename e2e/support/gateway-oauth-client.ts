import { createHash, randomBytes } from "node:crypto";

import { CookieJar } from "./identity-provider";

/** An MCP client's side of the gateway's OAuth (DESIGN §18), by hand: registration, PKCE, the browser's hops, the token endpoint. */
export type RegisteredClient = { clientId: string; redirectUri: string };
export type Authorization = { verifier: string; challenge: string; state: string; url: string };
export type Tokens = { access_token: string; refresh_token?: string; token_type: string; expires_in: number; scope?: string };

export const REDIRECT_URI = "http://127.0.0.1:33418/callback";

export async function registerClient(base: string, metadata: Record<string, unknown> = {}): Promise<RegisteredClient> {
  const response = await fetch(`${base}/oauth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ client_name: "Test MCP client", redirect_uris: [REDIRECT_URI], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none", ...metadata }),
  });
  const body = await response.json();
  if (response.status !== 201) throw new Error(`registration refused: ${response.status} ${JSON.stringify(body)}`);
  return { clientId: body.client_id, redirectUri: REDIRECT_URI };
}

export function authorizationRequest(base: string, client: RegisteredClient, params: Record<string, string | undefined>): Authorization {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const state = randomBytes(8).toString("hex");
  const query = { response_type: "code", client_id: client.clientId, redirect_uri: client.redirectUri, scope: "mcp", state, code_challenge: challenge, code_challenge_method: "S256", ...params };
  const search = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return { verifier, challenge, state, url: `${base}/oauth/authorize?${search}` };
}

/** Follows redirects with the jar's cookies until an answer that is not a redirect, or one to `stopAt` (returned, not requested). */
export async function browse(url: string, jar: CookieJar, stopAt: string, init: { method?: string; body?: string; origin?: string } = {}): Promise<{ status: number; url: string; location: string | null; html: string }> {
  let method = init.method ?? "GET";
  let body = init.body;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, {
      method, body, redirect: "manual",
      headers: { cookie: jar.header(url), ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}), ...(init.origin && method === "POST" ? { origin: init.origin } : {}) },
    });
    jar.take(url, response);
    const html = await response.text();
    const location = response.headers.get("location");
    if (!location || response.status < 300 || response.status >= 400) return { status: response.status, url, location: null, html };
    const next = new URL(location, url).href;
    if (next.startsWith(stopAt)) return { status: response.status, url, location: next, html };
    url = next;
    method = "GET";
    body = undefined;
  }
  throw new Error("too many redirects");
}

/** The person behind `jar` answers the consent page the authorization leads to; returns the redirect back to the client. */
export async function consent(base: string, authorization: Authorization, jar: CookieJar, decision: "allow" | "deny", redirectUri = REDIRECT_URI) {
  const page = await browse(authorization.url, jar, redirectUri);
  if (page.status !== 200 || !page.url.startsWith(`${base}/oauth/consent/`)) throw new Error(`no consent page: ${page.status} ${page.url} ${page.html.slice(0, 300)}`);
  const answer = await browse(page.url, jar, redirectUri, { method: "POST", body: `decision=${decision}`, origin: base });
  return { page, answer, redirect: answer.location ? new URL(answer.location) : null };
}

export async function tokenRequest(base: string, params: Record<string, string>): Promise<{ status: number; body: any }> {
  const response = await fetch(`${base}/oauth/token`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(params).toString() });
  return { status: response.status, body: await response.json() };
}

export async function exchangeCode(base: string, client: RegisteredClient, code: string, verifier: string) {
  return tokenRequest(base, { grant_type: "authorization_code", code, redirect_uri: client.redirectUri, code_verifier: verifier, client_id: client.clientId });
}

/** A signed-in browser: the session cookie POST /api/session sets for `token`. */
export async function signedInJar(base: string, token: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const response = await fetch(`${base}/api/session`, { method: "POST", headers: { "Content-Type": "application/json", Origin: base }, body: JSON.stringify({ token }) });
  if (response.status !== 200 && response.status !== 201) throw new Error(`sign-in refused: ${response.status}`);
  jar.take(`${base}/`, response);
  return jar;
}

export async function initializeGateway(url: string, accessToken: string): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { Accept: "application/json, text/event-stream", "Content-Type": "application/json", Authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "oauth-test", version: "1" } } }),
  });
}
