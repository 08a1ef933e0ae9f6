import { describe, expect, it } from "vitest";

import { project } from "./tool-projection";

const repos = {
  type: "object",
  properties: {
    total: { type: "integer", source_field: "$.total_count" },
    repos: { type: "array", source_field: "$.items[*]", items: { type: "object", properties: { name: { type: "string", source_field: "$.full_name" }, stars: { type: "integer", source_field: "$.stargazers_count" } } } },
  },
};
const github = { total_count: 2, incomplete: false, items: [{ full_name: "a/x", stargazers_count: 5, id: 1 }, { full_name: "b/y", stargazers_count: 7, id: 2 }] };
const projected = { total: 2, repos: [{ name: "a/x", stars: 5 }, { name: "b/y", stars: 7 }] };

describe("project", () => {
  it.each([
    ["structuredContent", { structuredContent: github, content: [{ type: "text", text: "ignored" }] }, repos, projected],
    ["JSON in a single text block", { content: [{ type: "text", text: JSON.stringify(github) }] }, repos, projected],
    ["a filter selector and a missing path (left out)", { structuredContent: github },
      { type: "object", properties: { popular: { type: "array", source_field: "$.items[?@.stargazers_count > 6].full_name" }, owner: { type: "string", source_field: "$.owner.login" } } },
      { popular: ["b/y"] }],
    ["a property without source_field (same-named field) and a nested object", { structuredContent: { incomplete: false, a: { b: 1 } } },
      { type: "object", properties: { incomplete: { type: "boolean" }, nested: { type: "object", properties: { b: { type: "integer", source_field: "$.a.b" } } } } },
      { incomplete: false, nested: { b: 1 } }],
  ])("projects from %s", (_, result, schema, expected) => {
    expect(project(result, schema)).toEqual({ structuredContent: expected, content: [{ type: "text", text: JSON.stringify(expected) }] });
  });

  it.each([
    ["two text blocks", { content: [{ type: "text", text: "{}" }, { type: "text", text: "{}" }] }],
    ["text that is not JSON", { content: [{ type: "text", text: "It is 12:00" }] }],
  ])("answers a tool error for %s", (_, result) => {
    expect(project(result, repos)).toEqual({ isError: true, content: [{ type: "text", text: "the result has neither structuredContent nor JSON in a single text block to project" }] });
  });

  it("passes an error result through", () => {
    const error = { isError: true, content: [{ type: "text", text: "rate limited" }] };
    expect(project(error, repos)).toBe(error);
  });
});
