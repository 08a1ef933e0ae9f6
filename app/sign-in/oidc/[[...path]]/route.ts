import { dispatch } from "@/lib/endpoints/all-endpoints";
import { nextMount } from "@/lib/http/next-mount";

/**
 * /sign-in/oidc and its callback (DESIGN §18), answered by the API's one dispatcher (§15). Page paths anyone may
 * open (proxy.ts lets them through unsigned): they are how a person signs in.
 */
const answer = nextMount("/sign-in/oidc", dispatch);

export { answer as GET, answer as HEAD, answer as POST, answer as PUT, answer as PATCH, answer as DELETE, answer as OPTIONS };
