import http from "node:http";

import Provider from "oidc-provider";

import { freePort } from "../../lib/mcp/test-peers";
import { startPatchbay, type PatchbayProcess } from "./patchbay-process";

/** Someone the identity provider knows: who they are and the groups it says they are in. */
export type Account = { email: string; name: string; groups: string[] };

export type IdentityProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Mutable: change a person's groups, or delete them (the provider then refuses their refresh tokens). */
  accounts: Map<string, Account>;
  /** Refresh grants it answered, and those it refused. */
  refreshes: { granted: number; refused: number };
  /** Grants ended at its revocation endpoint (RFC 7009): a refresh token revoked ends its grant. */
  revocations: number;
  stop(): Promise<void>;
};

/**
 * A real OpenID Provider (oidc-provider) for the company's single sign-on (DESIGN §18): authorization code + PKCE,
 * refresh tokens issued and rotated, a `groups` scope whose claim userinfo answers, and Patchbay registered as a
 * confidential client at `redirectUri`. Its sign-in page is a plain form (`login` = an account id, or the "Decline"
 * button); consent is given without a page.
 */
export async function startIdentityProvider(options: { redirectUri: string; accounts: Record<string, Account> }): Promise<IdentityProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map(Object.entries(options.accounts));
  const idp: IdentityProvider = {
    issuer, clientId: "patchbay", clientSecret: "idp-client-secret-0123456789", accounts, refreshes: { granted: 0, refused: 0 }, revocations: 0, stop: async () => {},
  };
  const provider = new Provider(issuer, {
    clients: [{
      client_id: idp.clientId, client_secret: idp.clientSecret, redirect_uris: [options.redirectUri],
      grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "client_secret_post",
    }],
    scopes: ["openid", "offline_access", "email", "profile", "groups"],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"], groups: ["groups"] },
    pkce: { required: () => true },
    issueRefreshToken: async () => true,
    rotateRefreshToken: () => true,
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, email: account.email, email_verified: true, name: account.name, groups: account.groups }) };
    },
    interactions: { url: async (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    ttl: { AccessToken: 600, RefreshToken: 3600, Interaction: 600, Session: 3600, Grant: 3600, AuthorizationCode: 60, IdToken: 600 },
    features: { devInteractions: { enabled: false }, revocation: { enabled: true }, userinfo: { enabled: true } },
  });
  provider.on("grant.success", (ctx: { oidc: { params?: { grant_type?: string } } }) => {
    if (ctx.oidc.params?.grant_type === "refresh_token") idp.refreshes.granted++;
  });
  provider.on("grant.revoked", (ctx: { oidc: { route?: string } }) => {
    if (ctx.oidc.route === "revocation") idp.revocations++;
  });
  provider.on("grant.error", (ctx: { oidc: { params?: { grant_type?: string } } }) => {
    if (ctx.oidc.params?.grant_type === "refresh_token") idp.refreshes.refused++;
  });

  const callback = provider.callback();
  const server = http.createServer((req, res) => {
    if (!/^\/interaction\/[^/?]+$/.test(req.url ?? "")) return void callback(req, res);
    void interact(provider, req, res).catch((error: Error) => res.writeHead(500).end(error.message));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  idp.stop = () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  return idp;
}

/** The two people most tests sign in as: one in the admin group, one in the editor group (see singleSignOnEnv). */
export const ALICE: Account = { email: "alice@example.com", name: "Alice Admin", groups: ["platform-admins"] };
export const BOB: Account = { email: "bob@example.com", name: "Bob Builder", groups: ["platform-eng"] };

/**
 * Patchbay's settings for signing in with `idp` at `baseUrl`: admins from `platform-admins`, editors from
 * `platform-eng`, and no `*` (someone in neither may not sign in).
 */
export function singleSignOnEnv(idp: IdentityProvider, baseUrl: string): Record<string, string> {
  return {
    PATCHBAY_PUBLIC_URL: baseUrl, PATCHBAY_OIDC_ISSUER: idp.issuer, PATCHBAY_OIDC_CLIENT_ID: idp.clientId,
    PATCHBAY_OIDC_CLIENT_SECRET: idp.clientSecret, PATCHBAY_OIDC_ROLES: "admin=platform-admins,editor=platform-eng",
  };
}

/**
 * A Patchbay with single sign-on through a provider of its own (`accounts`), authentication on, no demo data; every
 * request of a person's session asks the provider again (PATCHBAY_OIDC_RECHECK_S=0), so tests observe it at once.
 */
export async function startPatchbayWithSingleSignOn(options: { adminToken: string; accounts: Record<string, Account> }): Promise<{ idp: IdentityProvider; patchbay: PatchbayProcess; base: string; stop(): Promise<void> }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const idp = await startIdentityProvider({ redirectUri: `${base}/sign-in/oidc/callback`, accounts: options.accounts });
  const patchbay = await startPatchbay({
    port,
    env: { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: options.adminToken, PATCHBAY_SEED_DEMO: "false", ...singleSignOnEnv(idp, base), PATCHBAY_OIDC_RECHECK_S: "0" },
  });
  return { idp, patchbay, base, stop: async () => { await patchbay.stop(); await idp.stop(); } };
}

const SIGN_IN_PAGE = `<!doctype html><title>Company sign-in</title><form method="post">
<label>Account <input name="login" autocomplete="off"></label><button name="action" value="sign-in">Sign in</button>
<button name="action" value="decline">Decline</button></form>`;

async function interact(provider: Provider, req: http.IncomingMessage, res: http.ServerResponse) {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name === "consent") {
    const grant = details.grantId ? (await provider.Grant.find(details.grantId))! : new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id as string });
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    return provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
  }
  if (req.method === "GET") return void res.writeHead(200, { "content-type": "text/html" }).end(SIGN_IN_PAGE);
  const form = new URLSearchParams(await readBody(req));
  if (form.get("action") === "decline") {
    return provider.interactionFinished(req, res, { error: "access_denied", error_description: "the person declined" }, { mergeWithLastSubmission: false });
  }
  return provider.interactionFinished(req, res, { login: { accountId: form.get("login") ?? "" } }, { mergeWithLastSubmission: false });
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/** A browser's cookie jar, per origin, enough for these redirects (no paths, no expiry but Max-Age=0). */
export class CookieJar {
  private readonly jars = new Map<string, Map<string, string>>();

  header(url: string): string {
    return [...(this.jars.get(new URL(url).origin) ?? [])].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  take(url: string, response: Response): void {
    const jar = this.jars.get(new URL(url).origin) ?? new Map<string, string>();
    this.jars.set(new URL(url).origin, jar);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair.indexOf("=");
      if (/;\s*Max-Age=0\b/i.test(cookie)) jar.delete(pair.slice(0, at));
      else jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }

  get(origin: string, name: string): string | undefined {
    return this.jars.get(origin)?.get(name);
  }
}

/**
 * A browser without JavaScript signing in to Patchbay with the provider: from `startUrl` it follows redirects with
 * its cookie jar, answers the provider's sign-in form as `login` (or declines), and stops at the first answer from
 * Patchbay that is not a redirect into the provider (the callback's 303, returned with where it points); with
 * `stopAtCallback`, before Patchbay's callback is asked (its URL returned, as an eavesdropper would have it).
 */
export async function signInThroughProvider(
  startUrl: string, idp: IdentityProvider, as: { login: string } | "decline", jar = new CookieJar(), options: { stopAtCallback?: boolean } = {},
): Promise<{ location: string; callbackUrl: string | null; jar: CookieJar }> {
  let url = startUrl;
  let method = "GET";
  let body: string | undefined;
  let callbackUrl: string | null = null;
  for (let hop = 0; hop < 20; hop++) {
    const response = await fetch(url, {
      method, body, redirect: "manual",
      headers: { cookie: jar.header(url), ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
    });
    jar.take(url, response);
    await response.text();
    const location = response.headers.get("location");
    const isPatchbay = !url.startsWith(idp.issuer);
    if (isPatchbay && new URL(url).pathname === "/sign-in/oidc/callback") callbackUrl = url;
    if (options.stopAtCallback && location && new URL(location, url).pathname === "/sign-in/oidc/callback") {
      return { location: new URL(location, url).href, callbackUrl: new URL(location, url).href, jar };
    }
    if (isPatchbay && location && !location.startsWith(idp.issuer)) return { location, callbackUrl, jar };
    if ([302, 303, 307].includes(response.status) && location) {
      url = new URL(location, url).href;
      method = "GET";
      body = undefined;
      continue;
    }
    if (response.status === 200 && new URL(url).pathname.startsWith("/interaction/")) {
      method = "POST";
      body = as === "decline" ? "action=decline" : `action=sign-in&login=${encodeURIComponent(as.login)}`;
      continue;
    }
    throw new Error(`answered ${response.status} at ${url}`);
  }
  throw new Error("too many hops");
}
