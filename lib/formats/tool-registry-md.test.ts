import fs from "node:fs";
import path from "node:path";

import { describe, expect, test } from "vitest";

import { validateAgainstSchema } from "../schemas/json-schema";
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
      output_description: "File contents with line numbers\nError if file not found or permission denied",
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
        strategy: { type: "string", enum: ["rolling", "blue-green"], description: "rolling | blue-green" },
      },
      required: ["service"],
    });
    expect(registry.errors).toEqual([{ path: "/line/35", message: "an input reads `name` (type, required|optional): description" }]);
  });

  test("seed 002: enumerated inputs become enum, Outputs the tool's output_description", () => {
    const registry = parseToolRegistry(SEED);
    const tool = (name: string) => registry.tools.find((candidate) => candidate.name === name)!;
    expect(tool("GREP_SEARCH").input_schema.properties).toMatchObject({
      output_mode: { type: "string", enum: ["content", "files_with_matches", "count"] },
      pattern: { type: "string", description: "Regex pattern to search" },
    });
    expect(tool("LOG_WRITE").input_schema.properties).toMatchObject({ level: { type: "string", enum: ["DEBUG", "INFO", "WARN", "ERROR", "CRITICAL"] } });
    expect(tool("APPROVAL_REQUEST").input_schema.properties).toMatchObject({ priority: { type: "string", enum: ["low", "medium", "high", "critical"] } });
    // A list in prose is not an enumeration.
    expect(tool("HTTP_REQUEST").input_schema.properties).toMatchObject({ method: { type: "string", description: "HTTP method (GET, POST, PUT, DELETE)" } });
    expect((tool("HTTP_REQUEST").input_schema.properties as Record<string, object>).method).not.toHaveProperty("enum");
    expect(tool("BASH_EXECUTE").output_description).toBe("stdout content\nstderr content\nexit code\nError if timeout or execution failure");
    expect(registry.tools.every((candidate) => typeof candidate.output_description === "string")).toBe(true);
  });

  test("seed 002: mechanical CONDITIONAL states get an approval_when that asks only when the condition holds", () => {
    const { policies } = parseToolRegistry(SEED);
    const asks = (tool: string, call: Record<string, unknown>) => validateAgainstSchema(policies[tool].approval_when!, call).length === 0;

    // "destructive operations only": the tool's annotations decide; a tool that says nothing is destructive.
    expect(policies.BASH_EXECUTE.approval).toBe("conditional");
    expect(asks("BASH_EXECUTE", { arguments: { command: "ls" }, context: {}, annotations: { destructiveHint: false } })).toBe(false);
    expect(asks("BASH_EXECUTE", { arguments: { command: "ls" }, context: {}, annotations: { readOnlyHint: true } })).toBe(false);
    expect(asks("BASH_EXECUTE", { arguments: { command: "rm -rf /" }, context: {}, annotations: { destructiveHint: true } })).toBe(true);
    expect(asks("BASH_EXECUTE", { arguments: { command: "rm -rf /" }, context: {}, annotations: {} })).toBe(true);

    // "SELECT queries: no approval": one SELECT statement runs; anything else, or a SELECT smuggling a second statement, asks.
    expect(asks("DATABASE_QUERY", { arguments: { query: "SELECT * FROM users WHERE id = 1" }, context: {} })).toBe(false);
    expect(asks("DATABASE_QUERY", { arguments: { query: "  select count(*) from t;" }, context: {} })).toBe(false);
    expect(asks("DATABASE_QUERY", { arguments: { query: "DELETE FROM users" }, context: {} })).toBe(true);
    expect(asks("DATABASE_QUERY", { arguments: { query: "SELECT 1; DROP TABLE users" }, context: {} })).toBe(true);
    expect(asks("DATABASE_QUERY", { arguments: { query: "SELECTED_ROWS" }, context: {} })).toBe(true);
    expect(asks("DATABASE_QUERY", { arguments: { query: 42 }, context: {} })).toBe(true);
    expect(asks("DATABASE_QUERY", { arguments: {}, context: {} })).toBe(true);

    // "NONE (within workspace), AWAITING_APPROVAL (outside workspace)": the path decides, `..` never escapes.
    expect(policies.FILE_WRITE.approval).toBe("conditional");
    expect(asks("FILE_WRITE", { arguments: { file_path: "/srv/Working/TASK_42/report.md", content: "x" }, context: {} })).toBe(false);
    expect(asks("FILE_WRITE", { arguments: { file_path: "/etc/passwd", content: "x" }, context: {} })).toBe(true);
    expect(asks("FILE_WRITE", { arguments: { file_path: "/srv/Working/TASK_42/../../etc/passwd", content: "x" }, context: {} })).toBe(true);
    expect(asks("FILE_WRITE", { arguments: { file_path: "/srv/Working/TASK_/x", content: "x" }, context: {} })).toBe(true);

    // Conditions no machine can check stay conditional, asking on every call, their text kept for the approver.
    for (const tool of ["GIT_PUSH", "PACKAGE_INSTALL"]) {
      expect(policies[tool].approval).toBe("conditional");
      expect(policies[tool]).not.toHaveProperty("approval_when");
    }
    expect(policies.GIT_PUSH.notes).toContain("Required approval state: CONDITIONAL (protected branches require approval)");
  });

  test("a section without a Purpose is an error naming it and its line", () => {
    const broken = SEED.replace("**Purpose**: Show working tree status\n", "");
    const registry = parseToolRegistry(broken);
    const line = broken.split("\n").indexOf("## GIT_STATUS") + 1;
    expect(registry.errors).toEqual([{ path: `/line/${line}`, message: "section 'GIT_STATUS' has no **Purpose**" }]);
  });
});
