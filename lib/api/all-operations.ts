import * as agents from "./agents";
import * as apiReference from "./api-reference";
import * as approvals from "./approvals";
import * as capabilities from "./capabilities";
import * as connectedClients from "./connected-clients";
import * as gateway from "./gateway";
import * as health from "./health";
import * as importExport from "./import-export";
import * as mcpEndpoints from "./mcp-endpoints";
import * as official from "./official";
import type { Operation } from "./operation";
import * as people from "./people";
import * as prompts from "./prompts";
import * as security from "./security";
import * as servers from "./servers";
import * as sync from "./sync";
import * as upstream from "./upstream";
import * as upstreamOAuth from "./upstream-oauth";
import * as system from "./system";
import * as tools from "./tools";
import * as variables from "./variables";

/** Every operation of the API: the OpenAPI document and the role matrix are built from this list. */
export const allOperations: Operation<any, any, any>[] = [
  ...Object.values(servers),
  ...Object.values(apiReference),
  ...Object.values(capabilities),
  ...Object.values(agents),
  ...Object.values(health),
  ...Object.values(security),
  ...Object.values(connectedClients),
  ...Object.values(people),
  ...Object.values(importExport),
  ...Object.values(official),
  ...Object.values(variables),
  ...Object.values(system),
  ...Object.values(sync),
  ...Object.values(upstream),
  ...Object.values(upstreamOAuth),
  ...Object.values(tools),
  ...Object.values(prompts),
  ...Object.values(approvals),
  ...Object.values(gateway),
  ...Object.values(mcpEndpoints),
];
