import { apiReferenceSchema } from "../schemas/api-reference";
import { serverNameParamsSchema } from "../schemas/server-query";
import { readOperation } from "./operation";
import { problemResponse } from "./problem-responses";

export const getServerApiReferenceOperation = readOperation({
  path: "/api/mcp-servers/{name}/api-reference", tag: "MCP servers", params: serverNameParamsSchema,
  summary: "The OpenAPI document (JSON or YAML, at most 2 MiB) at the server's `support.api_reference_url`, fetched through the outbound policy and summarised: title, version, operations; kept 5 minutes per URL",
  responses: {
    200: { description: "The summary", schema: apiReferenceSchema },
    404: problemResponse("No such server, or it has no support.api_reference_url"),
    422: problemResponse("`reason: not-a-url`: the URL is not one Patchbay can fetch"),
    502: problemResponse("`reason`: outbound-refused, timeout, unreachable, http-status, too-large or not-openapi; the detail never quotes credentials or query values of the URL"),
  },
});
