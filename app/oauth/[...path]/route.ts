import { dispatch } from "@/lib/endpoints/all-endpoints";
import { nextMount } from "@/lib/http/next-mount";

/**
 * /oauth/…: the upstream OAuth callback (DESIGN §17), answered by the API's one dispatcher (§15). A page path, not
 * an API one: a browser without a session is sent to sign in first (proxy.ts) and comes back here. Both mounts
 * reach it through Next's router.
 */
const answer = nextMount("/oauth", dispatch);

export { answer as GET, answer as HEAD, answer as POST, answer as PUT, answer as PATCH, answer as DELETE, answer as OPTIONS };
