import { describe, expect, test } from "vitest";

import { isLiteralSecret, literalParts } from "./secrets";

/**
 * DESIGN §7's rule for a literal secret, in one place: a secret-looking key whose value, once a leading auth scheme
 * and every `${VAR}` / `{{param}}` are taken out, still holds a letter or a digit — the parts that do are what is
 * literal. A reference beside a literal does not make the literal a placeholder (the audit's `${TENANT}-sk-live-…`).
 */
describe("literal secrets (DESIGN §7)", () => {
  test.each<[key: string, value: unknown, literal: boolean, parts: string[]]>([
    ["Authorization", "Bearer abc", true, ["abc"]],
    ["X-Api-Key", "k-123", true, ["k-123"]],
    ["GITHUB_TOKEN", "ghp_1", true, ["ghp_1"]],
    ["db_password", "hunter2", true, ["hunter2"]],
    ["CLIENT_SECRET", "s", true, ["s"]],
    // A value with no reference is literal whatever it holds: `...` stands for a key to fill in, `••••` for a stored one.
    ["IRWIN_API_KEY", "...", true, ["..."]],
    ["X-Api-Key", "••••", true, ["••••"]],
    ["Authorization", "Bearer ${TOKEN}", false, []],
    ["Authorization", "bearer   {{token}}", false, []],
    ["X-Api-Key", "{{api_key}}", false, []],
    ["Authorization", "Basic ${USER}:${PASS}", false, []],
    ["DB_PASSWORD", "${USER}:${PASS}", false, []],
    ["X-Api-Key", "${PREFIX}-${KEY}", false, []],
    ["X-Api-Key", "${A} / {{b}}", false, []],
    // Mixed: a reference beside a literal part.
    ["X-Api-Key", "${TENANT}-sk-live-LITERALMIX-333", true, ["-sk-live-LITERALMIX-333"]],
    ["Authorization", "Bearer ${TENANT}.sk-live-1", true, [".sk-live-1"]],
    ["Authorization", "Bearer sk-live-1${SUFFIX}", true, ["sk-live-1"]],
    ["API_TOKEN", "{{tenant}}:tok-9", true, [":tok-9"]],
    ["API_TOKEN", "a${X}b${Y}", true, ["a", "b"]],
    ["X-Api-Key", "${TENANT}_${ENV}-k2", true, ["-k2"]],
    // `${lowercase}` is no reference (DESIGN §2: `${VAR}` names are upper case).
    ["X-Api-Key", "${tenant}", true, ["${tenant}"]],
    ["GITHUB_TOKEN", "", false, []],
    ["LOG_LEVEL", "debug", false, ["debug"]],
    ["X-Team", "${TEAM}-core", false, ["-core"]],
    ["X-Api-Key", 42, false, []],
  ])("%s = %j → literal %s, parts %j", (key, value, literal, parts) => {
    expect(isLiteralSecret(key, value)).toBe(literal);
    if (typeof value === "string") expect(literalParts(value)).toEqual(parts);
  });
});
