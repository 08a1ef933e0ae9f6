import { dispatch } from "@/lib/endpoints/all-endpoints";
import { nextMount } from "@/lib/http/next-mount";

/** /metrics: answered by the API's one dispatcher (DESIGN §15). This is its mount under Next's router; the production server hands it these paths directly (lib/http/node-mount.ts). */
const answer = nextMount("/metrics", dispatch);

export { answer as GET, answer as HEAD, answer as POST, answer as PUT, answer as PATCH, answer as DELETE, answer as OPTIONS };
