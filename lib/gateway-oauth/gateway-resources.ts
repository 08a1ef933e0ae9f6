import { getDb } from "../db";

export type GatewayResource = { kind: "agents" | "capabilities"; name: string };

const GATEWAY_PATH = /^\/mcp\/(agents|capabilities)\/([^/?#]+)$/;

/** `/mcp/agents/<name>` → the gateway it is; null for any other path. */
export function gatewayOfPath(pathname: string): GatewayResource | null {
  const match = GATEWAY_PATH.exec(pathname);
  if (!match) return null;
  const name = safeDecode(match[2]);
  return name === null ? null : { kind: match[1] as GatewayResource["kind"], name };
}

/**
 * A resource indicator (RFC 8707) the authorization server issues tokens for: one gateway URL of this Patchbay,
 * exactly as its protected-resource metadata names it (no query, no fragment, no trailing slash).
 */
export async function gatewayOfResource(resource: string, baseUrl: string): Promise<GatewayResource | null> {
  if (!URL.canParse(resource)) return null;
  const url = new URL(resource);
  if (url.origin !== new URL(baseUrl).origin || url.search || url.hash || resource !== `${url.origin}${url.pathname}`) return null;
  const gateway = gatewayOfPath(url.pathname);
  if (!gateway) return null;
  const where = { name: gateway.name };
  const exists = gateway.kind === "agents" ? await getDb().agent.findUnique({ where, select: { id: true } }) : await getDb().capability.findUnique({ where, select: { id: true } });
  return exists ? gateway : null;
}

/** The gateway's URL, as tokens name their audience. */
export function gatewayResourceUrl(baseUrl: string, gateway: GatewayResource): string {
  return `${baseUrl}/mcp/${gateway.kind}/${encodeURIComponent(gateway.name)}`;
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
