import { callerUserOf, isListedUser } from "../auth/caller-user";
import type { Principal } from "../auth/principal";
import { usesGateways } from "../auth/roles";
import { ForbiddenError, NotFoundError } from "../errors";
import { getRawAgent } from "../registry/agents";
import type { CallTarget } from "./types";

/**
 * DESIGN §18: a person uses a gateway when their role is runner, editor or admin, or when the agent lists them in
 * `users` (their email, or one of the identity provider's groups) — so a viewer may use the agents that name
 * them, through the gateway, and nothing else. Tokens (runners, machines) are not people: the operation's role
 * decides for them. A target that is gone is left to the caller's own 404.
 */
export async function mayUseTarget(target: CallTarget, principal: Principal): Promise<boolean> {
  if (!principal.personId || usesGateways(principal.role)) return true;
  if (target.kind !== "agent") return false;
  const users = await agentUsers(target.name);
  return users !== undefined && users.length > 0 && isListedUser(users, await callerUserOf(principal));
}

export async function assertMayUseTarget(target: CallTarget, principal: Principal): Promise<void> {
  if (await mayUseTarget(target, principal)) return;
  const what = target.kind === "agent" ? `agent '${target.name}'` : `capability '${target.name}'`;
  throw new ForbiddenError(`${principal.name} (${principal.role}) may not use ${what}: a person uses gateways as runner, editor or admin, or when the agent lists them in users.`);
}

async function agentUsers(name: string): Promise<readonly string[] | undefined> {
  try {
    return (await getRawAgent(name)).users;
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}
