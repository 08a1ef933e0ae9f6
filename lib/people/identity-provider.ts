import * as oidc from "openid-client";

import { getConfig, type RoleMapping } from "../env";
import { ConflictError } from "../errors";

/** Patchbay's client at the company's identity provider (DESIGN §18), when PATCHBAY_OIDC_ISSUER is set. */
export type SingleSignOn = { issuer: string; clientId: string; clientSecret?: string; roles: RoleMapping[]; roleClaim: string; recheckMs: number };

export function singleSignOn(): SingleSignOn | null {
  const config = getConfig();
  if (!config.PATCHBAY_OIDC_ISSUER || !config.PATCHBAY_OIDC_CLIENT_ID) return null;
  return {
    issuer: config.PATCHBAY_OIDC_ISSUER,
    clientId: config.PATCHBAY_OIDC_CLIENT_ID,
    clientSecret: config.PATCHBAY_OIDC_CLIENT_SECRET,
    roles: config.PATCHBAY_OIDC_ROLES,
    roleClaim: config.PATCHBAY_OIDC_ROLE_CLAIM,
    recheckMs: config.PATCHBAY_OIDC_RECHECK_S * 1000,
  };
}

export function requireSingleSignOn(): SingleSignOn {
  const settings = singleSignOn();
  if (!settings) throw new ConflictError("Single sign-on is not configured: set PATCHBAY_OIDC_ISSUER, PATCHBAY_OIDC_CLIENT_ID and PATCHBAY_OIDC_ROLES.");
  return settings;
}

/**
 * Per module instance, not a process slot: the app's bundles and the direct API mount each load their own copy of
 * openid-client, which accepts only Configurations its own copy made.
 */
const discovered = { configuration: null as Promise<oidc.Configuration> | null };

/**
 * The provider's configuration, discovered once per process (OpenID Connect Discovery); a failed discovery is
 * forgotten, so the next sign-in asks again. An `http` issuer is only ever a loopback one (lib/env.ts).
 */
export function providerConfiguration(settings: SingleSignOn): Promise<oidc.Configuration> {
  if (!discovered.configuration) {
    const authentication = settings.clientSecret ? oidc.ClientSecretPost(settings.clientSecret) : oidc.None();
    const options = new URL(settings.issuer).protocol === "http:" ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 };
    discovered.configuration = oidc.discovery(new URL(settings.issuer), settings.clientId, undefined, authentication, options);
    discovered.configuration.catch(() => { discovered.configuration = null; });
  }
  return discovered.configuration;
}

/**
 * What Patchbay asks for: who the person is, `offline_access` where the provider offers it (the refresh token
 * lets Patchbay ask again whether they are still there), and the role claim's scope where the provider names one
 * after it (Okta's `groups`).
 */
export function signInScopes(configuration: oidc.Configuration, settings: SingleSignOn): string {
  const supported = configuration.serverMetadata().scopes_supported ?? [];
  const optional = ["offline_access", settings.roleClaim].filter((scope) => supported.includes(scope));
  return ["openid", "email", "profile", ...optional].join(" ");
}
