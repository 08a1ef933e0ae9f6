import { dispatcherFor } from "../http/dispatcher";
import type { RouteHandler } from "../http/route";
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
import * as openapi from "./openapi";
import * as people from "./people";
import * as prompts from "./prompts";
import * as security from "./security";
import * as servers from "./servers";
import * as sync from "./sync";
import * as system from "./system";
import * as tools from "./tools";
import * as upstream from "./upstream";
import * as upstreamOAuth from "./upstream-oauth";
import * as variables from "./variables";

/**
 * Every handler of the API, each answering one operation of lib/api (its twin file there holds the rows:
 * lib/api/servers.ts ↔ lib/endpoints/servers.ts).
 */
export const allHandlers: readonly RouteHandler[] = [
  servers,
  apiReference,
  capabilities,
  agents,
  variables,
  tools,
  prompts,
  health,
  approvals,
  gateway,
  mcpEndpoints,
  official,
  importExport,
  sync,
  upstream,
  upstreamOAuth,
  security,
  connectedClients,
  people,
  system,
  openapi,
].flatMap((module) => Object.values(module) as RouteHandler[]);

/** The API's one router; both mounts (app/…/[...path]/route.ts and lib/http/node-mount.ts) hand it their requests. */
export const dispatch = dispatcherFor(allHandlers);
