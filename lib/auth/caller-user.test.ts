import { expect, test } from "vitest";

import { agentBodySchema } from "../schemas/agent";
import { validateAgainstSchema } from "../schemas/json-schema";
import { decideToolCall } from "../tools/policy-decision";
import { isListedUser, withCallerUser, type CallerUser } from "./caller-user";

const RITA: CallerUser = { type: "person", email: "Rita@Example.com", name: "Rita", groups: ["sre", "cn=ops,ou=groups"], role: "runner" };
const SAM: CallerUser = { type: "person", email: "sam@example.com", name: "Sam", groups: ["sales"], role: "runner" };
const NO_EMAIL: CallerUser = { type: "person", email: null, name: "Nobody", groups: [], role: "runner" };
const RUNNER: CallerUser = { type: "token", name: "rita@example.com", role: "runner" };

const matches = (schema: Record<string, unknown>, value: unknown) => validateAgainstSchema(schema, value).length === 0;
const ONLY_RITA = { properties: { context: { properties: { user: { properties: { type: { const: "person" }, email: { const: "rita@example.com" } }, required: ["type", "email"] } }, required: ["user"] } }, required: ["context"] };
const POLICY = { tools: { lookup: { allowed_when: ONLY_RITA } } };
const decide = (context: Record<string, unknown>, user: CallerUser) => decideToolCall(POLICY, "lookup", { arguments: {}, context: withCallerUser(context, user) }, matches).outcome;

test("context.user in allowed_when: the person it names runs, another person and a token are refused", () => {
  expect(decide({}, { ...RITA, email: "rita@example.com" })).toBe("run");
  expect(decide({}, SAM)).toBe("refused");
  expect(decide({}, RUNNER)).toBe("refused");
});

test("a context.user the caller sends is replaced, never merged: claiming another person's email does not pass allowed_when", () => {
  const spoofed = { user: { type: "person", email: "rita@example.com" }, task_state: "IN_PROGRESS" };
  expect(withCallerUser(spoofed, SAM)).toEqual({ user: SAM, task_state: "IN_PROGRESS" });
  expect(decide(spoofed, SAM)).toBe("refused");
  expect(decide(spoofed, RUNNER)).toBe("refused");
  expect(decide({ user: "rita@example.com" }, NO_EMAIL)).toBe("refused");
});

test.each([
  ["email, case ignored", ["rita@example.com"], RITA, true],
  ["a group", ["sre"], RITA, true],
  ["a group with commas, exactly", ["cn=ops,ou=groups"], RITA, true],
  ["a group's case matters", ["SRE"], RITA, false],
  ["neither email nor group", ["rita@example.com", "sre"], SAM, false],
  ["a person without email, by nothing", ["null", ""], NO_EMAIL, false],
  ["a token named like a listed email is no person", ["rita@example.com"], RUNNER, false],
] as const)("an agent's users name a person by %s", (_name, users, user, listed) => {
  expect(isListedUser(users, user)).toBe(listed);
});

test("users: emails or groups, unique, no surrounding spaces; optional", () => {
  expect(agentBodySchema.safeParse({ name: "a", description: "A", users: ["rita@example.com", "cn=ops,ou=groups"] }).success).toBe(true);
  expect(agentBodySchema.safeParse({ name: "a", description: "A" }).success).toBe(true);
  for (const users of [["sre", "sre"], [""], [" sre"], ["sre "], "sre"]) {
    expect(new Set(agentBodySchema.safeParse({ name: "a", description: "A", users }).error?.issues.map((issue) => issue.path[0]))).toEqual(new Set(["users"]));
  }
});

test("context.user in approval_when: a group of the caller asks for approval, whatever the caller claims", () => {
  const SALES_ASK = { properties: { context: { properties: { user: { properties: { groups: { contains: { const: "sales" } } }, required: ["groups"] } }, required: ["user"] } }, required: ["context"] };
  const policy = { tools: { purge: { approval: "conditional" as const, approval_when: SALES_ASK } } };
  const decide = (context: Record<string, unknown>, user: CallerUser) => decideToolCall(policy, "purge", { arguments: {}, context: withCallerUser(context, user) }, matches).outcome;
  expect(decide({}, SAM)).toBe("needs_approval");
  expect(decide({ user: { groups: ["sre"] } }, SAM)).toBe("needs_approval");
  expect(decide({}, RITA)).toBe("run");
  expect(decide({}, RUNNER)).toBe("run");
});
