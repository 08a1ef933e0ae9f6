import { describe, expect, test } from "vitest";

import { promptPolicySchema, resourcePolicySchema } from "../schemas/server-behaviour";
import { promptEnabled, resourceEnabled } from "./prompt-resource-policy";

describe("promptEnabled (DESIGN §16)", () => {
  const policy = { prompts: { "*": { enabled: false }, "docs.*": { enabled: true }, "docs.secret*": { enabled: false }, "docs.secret-ok": { enabled: true } } };

  test.each([
    ["no policy: enabled", undefined, "anything", true],
    ["a policy without prompts: enabled", { pin: "manual" as const }, "anything", true],
    ["no rule matches: enabled", { prompts: { "x*": { enabled: false } } }, "y", true],
    ["the catch-all glob", policy, "other", false],
    ["a longer glob beats a shorter one", policy, "docs.readme", true],
    ["the longest glob wins", policy, "docs.secret-plan", false],
    ["an exact name beats every glob", policy, "docs.secret-ok", true],
    ["`?` is one character", { prompts: { "p?": { enabled: false } } }, "p1", false],
    ["`?` is not two", { prompts: { "p?": { enabled: false } } }, "p12", true],
    ["glob characters other than * and ? are literal", { prompts: { "a.b": { enabled: false } } }, "axb", true],
  ])("%s", (_label, given, name, expected) => {
    expect(promptEnabled(given, name)).toBe(expected);
  });
});

describe("resourceEnabled (DESIGN §16)", () => {
  const policy = { resources: { "file:///*": { enabled: false }, "file:///public/*": { enabled: true }, "file:///public/keys.pem": { enabled: false } } };

  test.each([
    ["no policy: enabled", undefined, "file:///etc/passwd", true],
    ["a glob over a URI spans slashes", policy, "file:///etc/passwd", false],
    ["the longer glob wins", policy, "file:///public/a/b.txt", true],
    ["an exact URI beats the globs", policy, "file:///public/keys.pem", false],
    ["another scheme: no rule, enabled", policy, "https://example.com/a", true],
    ["a template is matched as its text", { resources: { "db://{table}/rows": { enabled: false } } }, "db://{table}/rows", false],
  ])("%s", (_label, given, uri, expected) => {
    expect(resourceEnabled(given, uri)).toBe(expected);
  });
});

describe("prompt_policy and resource_policy schemas", () => {
  test("accept the documented shape", () => {
    expect(promptPolicySchema.parse({ pin: "manual", on_drift: "block", prompts: { "a*": { enabled: false } } })).toEqual({ pin: "manual", on_drift: "block", prompts: { "a*": { enabled: false } } });
    expect(resourcePolicySchema.parse({ resources: { "file:///*": { enabled: true } } })).toEqual({ resources: { "file:///*": { enabled: true } } });
  });

  test.each([
    ["an unknown pin mode", promptPolicySchema, { pin: "sometimes" }, ["pin"]],
    ["an unknown on_drift", promptPolicySchema, { on_drift: "ignore" }, ["on_drift"]],
    ["enabled that is not a boolean", promptPolicySchema, { prompts: { a: { enabled: "no" } } }, ["prompts", "a", "enabled"]],
    ["an unknown key in a rule", promptPolicySchema, { prompts: { a: { enabled: true, approval: "always" } } }, ["prompts", "a"]],
    ["an empty name", promptPolicySchema, { prompts: { "": { enabled: true } } }, ["prompts", ""]],
    ["an unknown key in resource_policy", resourcePolicySchema, { prompts: {} }, []],
    ["a rule without enabled", resourcePolicySchema, { resources: { "x://*": {} } }, ["resources", "x://*", "enabled"]],
  ] as const)("refuse %s, naming the path", (_label, schema, value, path) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(path);
  });
});
