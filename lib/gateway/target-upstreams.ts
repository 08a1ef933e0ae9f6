import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";

import { getProbeSettings } from "../health/probe-settings";
import { startDeadline } from "../mcp/deadline";
import { describeFailure } from "../mcp/describe-failure";
import type { McpSession } from "../mcp/mcp-session";
import { refuseBeforeConnecting } from "../mcp/refuse-before-connecting";
import { withUpstreamAuth } from "../oauth/upstream-bearer";
import { noteUpstreamRefusal } from "../oauth/upstream-refusal";
import type { ResolvedConfig } from "../resolve/types";
import type { ServerInput } from "../schemas/server";
import type { ToolNames } from "../schemas/tool-names";
import type { CircuitTrials } from "./circuit-trials";
import { resilienceSettings } from "./resilience";
import { borrowSession, type UpstreamProfile } from "./session-pool";
import { loadTargetConfigs, type TargetReference } from "./target-configs";
import type { GatewayTarget, UpstreamScope } from "./types";

/**
 * One server a target references, ready to connect to: its alias, definition, config in clear and the secrets in
 * it, and how the target names its prompts (DESIGN §16: as its tools).
 */
export type TargetUpstream = TargetReference & { definition: ServerInput; config: ResolvedConfig; secrets: readonly string[]; naming: ToolNames | undefined };

/**
 * The registry servers behind a target in `environment` (DESIGN §16: what prompts, resources and completion are
 * gathered from), in the blueprint's order. Inline configs are not the registry's and are left out.
 */
export async function loadTargetUpstreams(target: GatewayTarget, environment: string): Promise<TargetUpstream[]> {
  const configs = await loadTargetConfigs(target, environment);
  const blueprint = configs.blueprint();
  return configs.references().flatMap((reference) => {
    const definition = configs.server(reference.server);
    const config = blueprint.mcpServers[reference.alias] as ResolvedConfig | undefined;
    if (!definition || !config) return [];
    return [{ ...reference, definition, config, secrets: blueprint.sensitiveValues[reference.alias] ?? [], naming: configs.naming() }];
  });
}

/** `trials`: the request's circuits (DESIGN §12): an open one refuses the reach, a failed reach counts against it. */
export type ReachOptions = { environment: string; scope: UpstreamScope; profile: UpstreamProfile; person?: string; trials?: CircuitTrials };

/**
 * A connected session to `upstream` (pooled as tool calls' are, within its `resilience.timeout_ms`). A server that
 * cannot be started or reached is an MCP internal error naming it and why — its secrets scrubbed; a `per_user` server
 * the caller (`person`) has not connected to is a ConnectRequiredError, and nothing is sent to it.
 */
export async function reachUpstream(upstream: TargetUpstream, { environment, scope, profile, person, trials }: ReachOptions): Promise<McpSession> {
  const { policy, stdioAllow } = getProbeSettings();
  const refused = refuseBeforeConnecting(upstream.config, stdioAllow, upstream.secrets);
  if (refused) throw new ProtocolError(ProtocolErrorCode.InternalError, `MCP server '${upstream.server}' cannot be reached: ${refused.reason}`);
  const { timeoutMs } = resilienceSettings(upstream.definition.resilience);
  const deadline = startDeadline(timeoutMs);
  // DESIGN §17: a server that signs in with OAuth is reached with its connection's access token — a per_user
  // server with the caller's own, in sessions of their own; without one, it is not reached at all.
  const authorized = await withUpstreamAuth({ name: upstream.server, auth: upstream.definition.auth }, environment, upstream.config, upstream.secrets, person);
  if (authorized.connectRequired) {
    deadline.dispose();
    throw new ConnectRequiredError(upstream.server, environment);
  }
  try {
    trials?.admit(upstream.definition);
  } catch (error) {
    deadline.dispose();
    throw error;
  }
  const { config, secrets, bearer } = authorized;
  const borrowed = borrowSession(config, { server: upstream.server, environment, scope, policy, timeoutMs, deadline, secrets, redaction: upstream.definition.redaction, profile, person: authorized.person });
  try {
    return await borrowed.connected;
  } catch (error) {
    const session = borrowed.session();
    const refusal = bearer && session.trace.httpFailure ? await noteUpstreamRefusal(upstream.server, environment, bearer, session.trace.httpFailure, authorized.person) : null;
    // One person's refused token expired their connection alone: not the server failing everyone.
    if (!(refusal && authorized.person)) trials?.failed(upstream.server);
    throw new ProtocolError(ProtocolErrorCode.InternalError, refusal ?? `MCP server '${upstream.server}' did not answer: ${describeFailure(error, session.trace, session.stdio).reason}`);
  } finally {
    deadline.dispose();
  }
}

/** A `per_user` server the caller has no connection to (DESIGN §17): it was not reached. */
export class ConnectRequiredError extends ProtocolError {
  constructor(readonly server: string, readonly environment: string) {
    super(ProtocolErrorCode.InternalError, `MCP server '${server}' signs in per person and the caller has not connected to it in '${environment}'.`);
  }
}
