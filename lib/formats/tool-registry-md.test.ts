import fs from "node:fs";
import path from "node:path";

import { describe, expect, test } from "vitest";

import { parseToolRegistry } from "./tool-registry-md";

const SEED = fs.readFileSync(path.resolve("../shared/seeds", fs.readdirSync(path.resolve("../shared/seeds")).find((file) => file.startsWith("002_"))!), "utf8");
const SECOND = fs.readFileSync(path.resolve("lib/formats/fixtures/tool-registry-ops.md"), "utf8");

describe("tool-registry-md (seed 002)", () => {
  test("seed 002: every section becomes a declared tool and a policy entry", () => {
    const registry = parseToolRegistry(SEED);
    expect(registry.errors).toEqual([]);
    expect(registry.tools).toHaveLength(29);
    expect(registry.tools.find((tool) => tool.name === "FILE_READ")).toEqual({
      name: "FILE_READ", description: "Read file contents from filesystem",
      input_schema: {
        type: "object",
        properties: {
          file_path: { type: "string", description: "Absolute path to file" },
          offset: { type: "integer", description: "Line number to start reading" },
          limit: { type: "integer", description: "Number of lines to read" },
        },
        required: ["file_path"],
      },
    });
    expect(registry.policies.FILE_READ).toEqual({ approval: "none", notes: ["Any task state", "No approval required"] });
    expect(registry.policies.FILE_DELETE.approval).toBe("always");
    expect(registry.policies.FILE_WRITE).toMatchObject({ approval: "conditional" });
    expect(registry.policies.FILE_WRITE.notes).toContain("Required approval state: NONE (within workspace), AWAITING_APPROVAL (outside workspace)");
    expect(registry.policies.FILE_WRITE.notes).toContain("Task state: IN_PROGRESS");
    expect(registry.tools.find((tool) => tool.name === "WEB_SEARCH")?.input_schema.properties).toMatchObject({ allowed_domains: { type: "array", items: { type: "string" } } });
    const counts = Object.values(registry.policies).reduce<Record<string, number>>((all, policy) => ({ ...all, [policy.approval]: (all[policy.approval] ?? 0) + 1 }), {});
    expect(counts).toEqual({ none: 21, always: 2 + 1, conditional: 4 + 1 });
  });

  test("a second registry: lowercase names, CRLF, odd types and a broken input line named by its line", () => {
    const registry = parseToolRegistry(SECOND.replace(/\n/g, "\r\n"));
    expect(registry.tools.map((tool) => tool.name)).toEqual(["deploy_service", "read_metrics", "rotate_credentials"]);
    expect(registry.policies).toEqual({
      deploy_service: { approval: "conditional", notes: ["Change window open", "Required approval state: CONDITIONAL (production only)"] },
      read_metrics: { approval: "none" },
      rotate_credentials: { approval: "always", notes: ["On-call engineer present"] },
    });
    expect(registry.tools[0].input_schema).toEqual({
      type: "object",
      properties: {
        service: { type: "string", description: "Service name" },
        replicas: { type: "integer" },
        strategy: { $comment: "type as written: enum", description: "rolling | blue-green" },
      },
      required: ["service"],
    });
    expect(registry.errors).toEqual([{ path: "/line/35", message: "an input reads `name` (type, required|optional): description" }]);
  });
});
