import type { Principal } from "../auth/principal";
import { gatewayOfPath, type GatewayResource } from "./gateway-resources";

/** What the consent page shows: who asks, for which gateways, on whose behalf, and where the answer goes. */
export type ConsentView = {
  clientName: string;
  clientId: string;
  /** How Patchbay knows the client: its metadata document's host (CIMD), or only what it said when it registered (DCR). */
  clientKnownBy: { type: "metadata-document"; host: string } | { type: "self-registered" };
  redirectOrigin: string;
  gateways: GatewayResource[];
  principal: Pick<Principal, "name" | "role">;
  mayUseGateways: boolean;
};

const NOUN = { agents: "agent", capabilities: "capability" } as const;

/** Patchbay's consent page (DESIGN §18), plain HTML: it is served before any of the dashboard's code loads. */
export function consentPage(view: ConsentView): string {
  const client = escape(view.clientName);
  const gateways = view.gateways.length
    ? view.gateways.map((gateway) => `<li>the ${NOUN[gateway.kind]} <strong>${escape(gateway.name)}</strong> <span class="muted">(/mcp/${gateway.kind}/${escape(gateway.name)})</span></li>`).join("")
    : `<li>no gateway: the client named none, so its tokens open none</li>`;
  const knownBy = view.clientKnownBy.type === "metadata-document"
    ? `Its name comes from the metadata document at <strong>${escape(view.clientKnownBy.host)}</strong>.`
    : `It registered itself with this name: Patchbay has not checked who made it.`;
  const actions = view.mayUseGateways
    ? `<button type="submit" name="decision" value="allow" class="primary">Allow</button><button type="submit" name="decision" value="deny">Deny</button>`
    : `<p role="alert">Your role (${escape(view.principal.role)}) does not use these gateways: a runner, editor or admin does, or a person an agent lists in its users. Ask an admin.</p><button type="submit" name="decision" value="deny">Back to ${client}</button>`;
  return page(`Allow ${client}?`, `
    <h1>Allow <span class="client">${client}</span> to use Patchbay as you?</h1>
    <p>${knownBy}</p>
    <p>It asks to call tools, read prompts and resources through:</p>
    <ul>${gateways}</ul>
    <p>as <strong>${escape(view.principal.name)}</strong> (${escape(view.principal.role)}), until you revoke it on the Tokens page. After you answer you go back to <strong>${escape(view.redirectOrigin)}</strong>.</p>
    <form method="post">${actions}</form>`);
}

/** A consent that cannot go on (expired, opened in another browser): what happened and what to do. */
export function consentProblemPage(title: string, detail: string): string {
  return page(title, `<h1>${escape(title)}</h1><p>${escape(detail)}</p><p><a href="/">Back to Patchbay</a></p>`);
}

/** What oidc-provider refused (an unregistered redirect_uri, an unusable client): the OAuth error and why, on Patchbay's page. */
export function authorizationErrorPage(error: string, description: string | undefined): string {
  return page("Sign-in refused", `<h1>The sign-in could not go on</h1><p><code>${escape(error)}</code>${description ? `: ${escape(description)}` : ""}</p><p><a href="/">Back to Patchbay</a></p>`);
}

/** The gateways a request's `resource` parameters name. */
export function gatewaysOf(resources: string[]): GatewayResource[] {
  return resources.flatMap((resource) => {
    const gateway = URL.canParse(resource) ? gatewayOfPath(new URL(resource).pathname) : null;
    return gateway ? [gateway] : [];
  });
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Patchbay</title>
<style>
  :root { color-scheme: light dark; font-family: ui-sans-serif, system-ui, sans-serif; }
  body { max-width: 34rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5; }
  h1 { font-size: 1.35rem; }
  .muted { color: #64748b; font-size: 0.875rem; }
  form { display: flex; gap: 0.75rem; flex-wrap: wrap; margin-top: 1.5rem; }
  button { font: inherit; padding: 0.5rem 1.25rem; border-radius: 0.375rem; border: 1px solid #94a3b8; background: transparent; color: inherit; cursor: pointer; }
  button.primary { background: #4f46e5; border-color: #4f46e5; color: #fff; }
  button:focus-visible { outline: 2px solid #f59e0b; outline-offset: 2px; }
  [role=alert] { width: 100%; color: #b91c1c; }
</style></head>
<body><main>${body}</main></body></html>`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
