import { describe, expect, it } from "vitest";

import type { ServerInput } from "../schemas/server";
import { planServerImport, type ExistingServer } from "./plan-import";

const server = (name: string, description = "A server"): ServerInput => ({ name, description, transport: { type: "http", url: "https://x.example/mcp" } });
const stored = (input: ServerInput, id = 7): ExistingServer => ({ id, name: input.name, revision: 3, definition: JSON.stringify(input) });

const entries = [server("new-one"), server("taken", "Changed"), server("same")];
const existing = new Map([
  ["taken", stored(server("taken"))],
  ["same", stored(server("same"), 8)],
]);

describe("planServerImport", () => {
  it("fail: a new name is created, each taken name is a conflict at its entry", () => {
    const plan = planServerImport(entries.map((entry, index) => ({ index, server: entry })), existing, "fail");

    expect(plan.create.map(({ name }) => name)).toEqual(["new-one"]);
    expect(plan.update).toEqual([]);
    expect(plan.conflicts).toEqual([
      { path: "/servers/1/name", message: expect.stringContaining("'taken' already exists") },
      { path: "/servers/2/name", message: expect.stringContaining("'same' already exists") },
    ]);
  });

  it("skip: taken names are skipped, as already existing", () => {
    const plan = planServerImport(entries.map((entry, index) => ({ index, server: entry })), existing, "skip");

    expect(plan.create.map(({ name }) => name)).toEqual(["new-one"]);
    expect(plan.skipped).toEqual([{ name: "taken", reason: "already exists" }, { name: "same", reason: "already exists" }]);
    expect(plan.conflicts).toEqual([]);
  });

  it("overwrite: a changed definition replaces the stored one; an identical one is skipped as unchanged", () => {
    const plan = planServerImport(entries.map((entry, index) => ({ index, server: entry })), existing, "overwrite");

    expect(plan.update).toEqual([{ server: entries[1], current: existing.get("taken") }]);
    expect(plan.skipped).toEqual([{ name: "same", reason: "unchanged: identical to the stored definition" }]);
  });
});
