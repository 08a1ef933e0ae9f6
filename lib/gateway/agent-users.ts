import { callerUserOf, isListedUser } from "../auth/caller-user";
import type { Principal } from "../auth/principal";
import { ForbiddenError, NotFoundError } from "../errors";
import { getRawAgent } from "../registry/agents";
import type { CallTarget } from "./types";

/**
 * DESIGN §18: an agent that lists `users` (emails or groups of the identity provider's claim) is used only by the
 * people it names — through its gateway and through /api/invoke alike; a person it does not name is refused (403).
 * Tokens (runners, machines) are not people and are unaffected; an empty or absent list restricts nobody. A target
 * that is gone is left to the caller's own 404.
 */
export async function assertMayUseTarget(target: CallTarget, principal: Principal): Promise<void> {
  if (target.kind !== "agent" || !principal.personId) return;
  const users = await agentUsers(target.name);
  if (!users || users.length === 0) return;
  if (isListedUser(users, await callerUserOf(principal))) return;
  throw new ForbiddenError(`Agent '${target.name}' lists the people who may use it (users), and ${principal.name} is not among them by email or by group.`);
}

async function agentUsers(name: string): Promise<readonly string[] | undefined> {
  try {
    return (await getRawAgent(name)).users;
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}
