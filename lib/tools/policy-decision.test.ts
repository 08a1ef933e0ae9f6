import { describe, expect, test } from "vitest";

import { validateAgainstSchema } from "../schemas/json-schema";
import type { ToolPolicy } from "../schemas/server-fields";
import { decideToolCall, findPolicyEntry } from "./policy-decision";

const matches = (schema: Record<string, unknown>, value: unknown) => validateAgainstSchema(schema, value).length === 0;
const IN_PROGRESS = { properties: { context: { properties: { task_state: { const: "IN_PROGRESS" } }, required: ["task_state"] } }, required: ["context"] };

const policy: ToolPolicy = {
  tools: {
    "file_*": { approval: "none" },
    "file_delete*": { approval: "always" },
    file_delete_tmp: { approval: "none" },
    "git_*": { approval: "conditional", approval_when: { properties: { arguments: { properties: { branch: { enum: ["main", "release"] } } } } } },
    package_install: { approval: "conditional" },
    file_write: { allowed_when: IN_PROGRESS },
    shell: { enabled: false },
    "*": { notes: ["anything else runs"] },
  },
};

describe("tool policy decisions (DESIGN §11)", () => {
  test.each([
    ["no policy at all", undefined, "anything", {}, {}, { outcome: "run", rule: null }],
    ["no entry matches", { tools: { "git_*": { approval: "always" } } }, "file_read", {}, {}, { outcome: "run", rule: null }],
    ["a glob", policy, "file_read", {}, {}, { outcome: "run", rule: "file_*" }],
    ["the longest matching glob wins", policy, "file_delete_all", {}, {}, { outcome: "needs_approval", rule: "file_delete*" }],
    ["an exact name beats every glob", policy, "file_delete_tmp", {}, {}, { outcome: "run", rule: "file_delete_tmp" }],
    ["conditional, approval_when matches", policy, "git_push", { branch: "main" }, {}, { outcome: "needs_approval", rule: "git_*" }],
    ["conditional, approval_when does not match", policy, "git_push", { branch: "feature" }, {}, { outcome: "run", rule: "git_*" }],
    ["conditional without approval_when is always", policy, "package_install", {}, {}, { outcome: "needs_approval", rule: "package_install" }],
    ["allowed_when met", policy, "file_write", {}, { task_state: "IN_PROGRESS" }, { outcome: "run", rule: "file_write" }],
    ["allowed_when not met", policy, "file_write", {}, { task_state: "BLOCKED" }, { outcome: "refused", rule: "file_write", reason: "the call does not meet tool_policy.tools['file_write'].allowed_when" }],
    ["disabled", policy, "shell", {}, {}, { outcome: "refused", rule: "shell", reason: "tool 'shell' is disabled by tool_policy.tools['shell']" }],
    ["enabled defaults to true and approval to none", policy, "web_search", {}, {}, { outcome: "run", rule: "*" }],
  ] as const)("%s", (_label, given, tool, args, context, expected) => {
    expect(decideToolCall(given as ToolPolicy | undefined, tool, { arguments: args, context }, matches)).toEqual(expected);
  });

  test.each([
    ["a '/' in the name", "admin/delete"],
    ["a leading dot", ".hidden"],
    ["dots and slashes", "a.b/c.d/e-f_g"],
  ])("'*' governs %s (one glob dialect, DESIGN §14)", (_label, tool) => {
    expect(decideToolCall({ tools: { "*": { approval: "always" } } }, tool, { arguments: {}, context: {} }, matches)).toEqual({ outcome: "needs_approval", rule: "*" });
  });

  test.each([
    ["admin/*", "admin/delete", "admin/*"],
    ["*/delete", "admin/delete", "*/delete"],
    ["[ab]", "a", null],
    ["{a,b}", "a", null],
    ["a+", "aa", null],
  ])("the rule %j against %j: %j (nothing but * and ? is special)", (rule, tool, expected) => {
    expect(findPolicyEntry({ tools: { [rule]: { approval: "always" } } }, tool)?.rule ?? null).toBe(expected);
  });

  test("equally long globs: the first written wins", () => {
    expect(findPolicyEntry({ tools: { "a?c": { approval: "always" }, "ab*": { approval: "none" } } }, "abc")?.rule).toBe("a?c");
  });
});
