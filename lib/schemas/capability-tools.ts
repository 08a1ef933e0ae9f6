import parseJsonPath from "jsonpath-rfc9535/parser";
import { z } from "zod";

import { jsonObjectSchema } from "./common";
import type { JsonSchemaCheck } from "./server-fields";

/** A virtual tool's name: an MCP tool name without dots, so it never reads as an `alias.tool` address. */
export const VIRTUAL_TOOL_NAME = /^[A-Za-z0-9_-]{1,128}$/;
/** `alias.tool`: the alias of the reference (a server name may hold dots), a dot, the tool's name. */
const TOOL_ADDRESS = /^[^\s]{1,100}\.[^\s]{1,200}$/;
const GLOB = /^[^\s]{1,300}$/;

const virtualToolSchema = z.strictObject({
  name: z.string().regex(VIRTUAL_TOOL_NAME, "must be letters, digits, '_' or '-' (1–128), no dots: dots address 'alias.tool'"),
  source: z.string().min(1, "is required").max(300),
  description: z.string().max(10_000).optional(),
  input_schema: jsonObjectSchema.optional().describe("the JSON Schema clients see and calls are checked against; default: the source's"),
  defaults: jsonObjectSchema.optional().describe("hidden arguments: removed from the advertised input schema, injected at call time"),
  output_schema: jsonObjectSchema.optional().describe("JSON Schema whose properties may carry `source_field` (RFC 9535 JSONPath)"),
});
export type VirtualTool = z.infer<typeof virtualToolSchema>;

/** DESIGN §11 "Virtual tools": the capability's `tools`, checked for everything that needs no other entity. */
export function defineCapabilityToolsSchema(checkJsonSchema: JsonSchemaCheck) {
  return z
    .strictObject({
      include: z.array(z.string().regex(GLOB, "must be a glob over 'alias.tool' without spaces")).max(500).optional(),
      virtual: z.array(virtualToolSchema).max(500).optional(),
    })
    .superRefine((tools, ctx) => {
      const virtual = tools.virtual ?? [];
      const byName = new Map<string, VirtualTool>();
      virtual.forEach((tool, index) => {
        if (byName.has(tool.name)) ctx.addIssue({ code: "custom", path: ["virtual", index, "name"], message: `repeats the virtual tool '${tool.name}'` });
        byName.set(tool.name, tool);
      });
      virtual.forEach((tool, index) => {
        if (!byName.has(tool.source) && !TOOL_ADDRESS.test(tool.source)) {
          ctx.addIssue({ code: "custom", path: ["virtual", index, "source"], message: `'${tool.source}' is neither 'alias.tool' nor a virtual tool of this capability` });
        }
        const cycle = cycleFrom(tool.name, byName);
        if (cycle) ctx.addIssue({ code: "custom", path: ["virtual", index, "source"], message: `is a cycle: ${cycle.join(" → ")}` });
        for (const problem of tool.input_schema ? checkJsonSchema(tool.input_schema) : []) {
          ctx.addIssue({ code: "custom", path: ["virtual", index, "input_schema", ...problem.path.split("/").filter(Boolean)], message: `is not a valid JSON Schema: ${problem.message}` });
        }
        if (tool.output_schema) {
          const { output_schema: schema } = tool;
          for (const problem of checkJsonSchema(withoutSourceFields(schema) as Record<string, unknown>)) {
            ctx.addIssue({ code: "custom", path: ["virtual", index, "output_schema", ...problem.path.split("/").filter(Boolean)], message: `is not a valid JSON Schema: ${problem.message}` });
          }
          for (const problem of sourceFieldProblems(schema, [])) {
            ctx.addIssue({ code: "custom", path: ["virtual", index, "output_schema", ...problem.path], message: problem.message });
          }
        }
      });
    });
}

/** The chain of names from `start` back to itself, when following `source` comes round; undefined otherwise. */
export function cycleFrom(start: string, byName: Map<string, { source: string }>): string[] | undefined {
  const chain = [start];
  let current = byName.get(start);
  while (current && byName.has(current.source)) {
    if (current.source === start) return [...chain, start];
    if (chain.includes(current.source)) return undefined; // a cycle further on, reported at its own members
    chain.push(current.source);
    current = byName.get(current.source);
  }
  return undefined;
}

/** Whether `expression` is RFC 9535 JSONPath (the library's parser: no eval). */
export function isJsonPath(expression: string): boolean {
  try {
    parseJsonPath(expression);
    return true;
  } catch {
    return false;
  }
}

function sourceFieldProblems(node: unknown, path: string[]): { path: string[]; message: string }[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => sourceFieldProblems(item, [...path, String(index)]));
  if (typeof node !== "object" || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => {
    if (key !== "source_field") return sourceFieldProblems(value, [...path, key]);
    if (typeof value === "string" && isJsonPath(value)) return [];
    return [{ path: [...path, key], message: `must be an RFC 9535 JSONPath such as '$.items[*]'` }];
  });
}

/** The schema as advertised and as a JSON Schema engine sees it: every `source_field` annotation removed. */
export function withoutSourceFields(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutSourceFields);
  if (typeof node !== "object" || node === null) return node;
  return Object.fromEntries(Object.entries(node).filter(([key]) => key !== "source_field").map(([key, value]) => [key, withoutSourceFields(value)]));
}
