import { describe, expect, it } from "vitest";

import { onboardingSteps, type OnboardingFacts } from "./onboarding-steps";

const none: OnboardingFacts = { hasAddedServer: false, hasHealthyServer: false, hasCalledTool: false, hasCreatedAgent: false, hasAgent: false, hasConnectedClient: false };

describe("onboardingSteps", () => {
  it.each([
    ["admin", ["add-server", "healthy-server", "call-tool", "create-agent", "connect-client"]],
    ["editor", ["add-server", "healthy-server", "call-tool", "create-agent", "connect-client"]],
    ["runner", ["healthy-server", "call-tool", "connect-client"]],
    ["viewer", ["healthy-server", "see-agent"]],
  ] as const)("%s sees the steps its role can take", (role, ids) => {
    expect(onboardingSteps(role, none).map((step) => step.id)).toEqual(ids);
  });

  it("an admin mints runner tokens; an editor connects a client from an agent's page", () => {
    expect(onboardingSteps("admin", none).at(-1)).toMatchObject({ href: "/tokens" });
    expect(onboardingSteps("editor", none).at(-1)).toMatchObject({ href: "/agents" });
  });

  it("each step is ticked by its own fact only", () => {
    const steps = onboardingSteps("admin", { ...none, hasHealthyServer: true, hasCalledTool: true, hasAgent: true });
    expect(steps.filter((step) => step.isDone).map((step) => step.id)).toEqual(["healthy-server", "call-tool"]);
  });
});
