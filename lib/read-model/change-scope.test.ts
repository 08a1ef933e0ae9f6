import { describe, expect, test } from "vitest";

import { scopesOfStatement } from "./change-scope";

describe("scopesOfStatement", () => {
  test.each([
    ['SELECT "main"."Server"."id" FROM "main"."Server"', []],
    ["BEGIN IMMEDIATE", []],
    ["COMMIT", []],
    ['INSERT INTO "main"."Server" ("name") VALUES (?)', ["definitions"]],
    ['UPDATE "public"."Variable" SET "definition" = $1', ["definitions"]],
    ['DELETE FROM "main"."Reference" WHERE 1', ["definitions"]],
    ['INSERT INTO "ServerHealth" ("serverId") VALUES (1)', ["health"]],
    ['INSERT INTO "main"."HealthCheck" ("serverId") VALUES (1)', ["health"]],
    ['UPDATE "main"."CatalogTool" SET "lastSeenAt" = ?', ["health"]],
    ['INSERT INTO "Toolset" ("serverId") VALUES ($1)', ["health"]],
    ['UPDATE "main"."ApiToken" SET "lastUsedAt" = ?', ["credentials"]],
    ['UPDATE "main"."Session" SET "endedAt" = ?', ["credentials"]],
    ['INSERT INTO "Lease" ("name") VALUES ($1) ON CONFLICT DO NOTHING', []],
    ['INSERT INTO "main"."RateLimitWindow" ("key") VALUES (?)', []],
    ['UPDATE "main"."Alert" SET "attempts" = "attempts" + ?', []],
    ["INSERT INTO `main`.`ApiToken` (`id`) VALUES (?)", ["credentials"]],
    ["UPDATE `main`.`ServerHealth` SET `status` = ?", ["health"]],
    ["DELETE FROM `main`.`Server` WHERE (`main`.`Server`.`id` = ?)", ["definitions"]],
    ['INSERT OR REPLACE INTO "Server" ("name") VALUES (?)', ["definitions"]],
    ['WITH moved AS (DELETE FROM "Server" RETURNING 1) SELECT 1', ["definitions"]],
  ] as const)("%s", (sql, scopes) => {
    expect(scopesOfStatement(sql)).toEqual(scopes);
  });
});
