import { hasRole, usesGateways } from "../auth/roles";
import type { Role } from "../schemas/role";

/** What the registry's own data says a newcomer has done (never a click remembered by the browser). */
export type OnboardingFacts = {
  /** A server was created or imported by someone, not by the demo seed. */
  hasAddedServer: boolean;
  hasHealthyServer: boolean;
  /** The call log holds a call. */
  hasCalledTool: boolean;
  /** An agent was created or imported by someone, not by the demo seed. */
  hasCreatedAgent: boolean;
  /** Any agent exists, the demo's included. */
  hasAgent: boolean;
  /** A runner token was minted, or an MCP client was allowed to sign in to a gateway. */
  hasConnectedClient: boolean;
};

export type OnboardingStep = { id: string; label: string; hint: string; href: string; isDone: boolean };

/**
 * The first steps of a platform engineer, as far as the role allows each: editors add servers and agents,
 * runners and editors call tools and connect clients, admins mint runner tokens; a viewer watches.
 */
export function onboardingSteps(role: Role, facts: OnboardingFacts): OnboardingStep[] {
  const steps: (OnboardingStep & { isShown: boolean })[] = [
    { id: "add-server", label: "Add or import an MCP server", hint: "one of your own, beside the demo servers", href: "/mcp-servers/new", isDone: facts.hasAddedServer, isShown: hasRole(role, "editor") },
    { id: "healthy-server", label: "See a server healthy", hint: "its health check answered", href: "/mcp-servers", isDone: facts.hasHealthyServer, isShown: true },
    { id: "call-tool", label: "Call a tool with Try it", hint: "on the Tools page or a server's tools", href: "/tools", isDone: facts.hasCalledTool, isShown: usesGateways(role) },
    { id: "create-agent", label: "Create an agent", hint: "the servers and capabilities one client gets", href: "/agents/new", isDone: facts.hasCreatedAgent, isShown: hasRole(role, "editor") },
    { id: "see-agent", label: "Look at an agent", hint: "its tools and its gateway address", href: "/agents", isDone: facts.hasAgent, isShown: !usesGateways(role) },
    hasRole(role, "admin")
      ? { id: "connect-client", label: "Mint a runner token or connect an MCP client", hint: "so a client reaches an agent's gateway", href: "/tokens", isDone: facts.hasConnectedClient, isShown: true }
      : { id: "connect-client", label: "Connect an MCP client to an agent's gateway", hint: "its page has the configuration to copy", href: "/agents", isDone: facts.hasConnectedClient, isShown: usesGateways(role) },
  ];
  return steps.filter((step) => step.isShown).map(({ isShown: _shown, ...step }) => step);
}
