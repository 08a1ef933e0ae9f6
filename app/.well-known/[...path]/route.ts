import { dispatch } from "@/lib/endpoints/all-endpoints";

/** /.well-known/…: answered by the API's one dispatcher (DESIGN §15). This is its mount under Next's router; the production server hands it these paths directly (lib/http/node-mount.ts). */
export { dispatch as GET, dispatch as HEAD, dispatch as POST, dispatch as PUT, dispatch as PATCH, dispatch as DELETE, dispatch as OPTIONS };
