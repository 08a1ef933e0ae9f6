import { authenticate } from "../auth/authenticate";
import { checkThrottled, refuseKnownThrottled } from "../auth/failed-auth-throttle";
import type { Principal } from "../auth/principal";
import { TOKEN_PREFIX } from "../auth/tokens";
import { UnauthorizedError } from "../errors";
import { clientAddress } from "../http/client-address";
import { publicBaseUrl } from "../oauth/client-identity";
import { gatewayOfPath, gatewayResourceUrl } from "./gateway-resources";
import { gatewayAccessPrincipal, gatewayChallenge } from "./protected-resource";

/**
 * The caller of a gateway (an OAuth protected resource, DESIGN §18): a Patchbay token or session as anywhere,
 * or an access token of the gateway's authorization server issued for this very gateway URL. Without a
 * credential, or with one that does not hold, the 401 names the gateway's protected-resource metadata.
 */
export async function authenticateAtGateway(request: Request): Promise<Principal> {
  const baseUrl = publicBaseUrl(request.url);
  const pathname = new URL(request.url).pathname;
  const gateway = gatewayOfPath(pathname);
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  try {
    if (gateway && bearer && !bearer.startsWith(TOKEN_PREFIX)) {
      const address = clientAddress(request);
      refuseKnownThrottled(address);
      const principal = await checkThrottled(address, () => gatewayAccessPrincipal(bearer, gatewayResourceUrl(baseUrl, gateway)));
      if (!principal) throw new UnauthorizedError("The access token is unknown or expired, was issued for another resource, or its person may no longer use gateways.", gatewayChallenge(baseUrl, pathname, "invalid_token"));
      return principal;
    }
    const principal = await authenticate(request);
    if (!principal) throw new UnauthorizedError("Sign in: a runner token, or OAuth through the authorization server the protected-resource metadata names.", gatewayChallenge(baseUrl, pathname));
    return principal;
  } catch (error) {
    if (error instanceof UnauthorizedError && error.headers?.["WWW-Authenticate"] === "Bearer") {
      throw new UnauthorizedError(error.message, gatewayChallenge(baseUrl, pathname, "invalid_token"));
    }
    throw error;
  }
}
