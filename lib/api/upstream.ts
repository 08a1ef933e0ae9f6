import { z } from "zod";

import { storedServerSchema } from "../schemas/server-output";
import { upstreamListQuerySchema, upstreamListSchema, upstreamNameParams } from "../schemas/upstream";
import { defineOperation } from "./operation";
import { CONFLICT, NOT_FOUND, problemResponse, UNRESOLVABLE } from "./problem-responses";

const tag = "Upstream registry";
const UPSTREAM_FAILED = { 502: problemResponse("The upstream registry could not be reached or answered wrongly") };

export const listUpstreamServersOperation = defineOperation({
  method: "GET", path: "/api/upstream/servers", tag, role: "viewer", query: upstreamListQuerySchema,
  summary: "A page of PATCHBAY_UPSTREAM_URL's servers (latest versions), each as it would import",
  responses: {
    200: { description: "One page; next_cursor is null on the last", schema: upstreamListSchema },
    404: problemResponse("No upstream registry is configured"),
    ...UPSTREAM_FAILED,
  },
});

export const addUpstreamServerOperation = defineOperation({
  method: "POST", path: "/api/upstream/servers/{name}/add", tag, role: "editor", rateLimit: "writes", params: upstreamNameParams,
  summary: "Add an upstream server to the registry: its latest version through the official converter",
  responses: {
    201: { description: "Created; Location and ETag set", schema: z.object({ mcp_server: storedServerSchema }) },
    ...NOT_FOUND,
    ...CONFLICT,
    ...UNRESOLVABLE,
    ...UPSTREAM_FAILED,
  },
});
