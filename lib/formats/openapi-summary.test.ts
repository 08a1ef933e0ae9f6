import { describe, expect, it } from "vitest";

import { NotOpenApiError, summarizeOpenApi } from "./openapi-summary";

const PETS_YAML = `openapi: 3.0.3
info:
  title: Context store
  version: 1.0
paths:
  /contexts:
    parameters: []
    get:
      summary: List contexts
      operationId: listContexts
    post:
      operationId: createContext
  /contexts/{id}:
    delete:
      summary: "  Delete one  "
`;

describe("summarizeOpenApi", () => {
  it("reads OpenAPI 3 in YAML: title, an unquoted version, operations in the order of `paths`", () => {
    expect(summarizeOpenApi(PETS_YAML)).toEqual({
      title: "Context store",
      version: "1",
      operations: [
        { method: "GET", path: "/contexts", summary: "List contexts", operation_id: "listContexts" },
        { method: "POST", path: "/contexts", summary: null, operation_id: "createContext" },
        { method: "DELETE", path: "/contexts/{id}", summary: "Delete one", operation_id: null },
      ],
    });
  });

  it.each([
    ["OpenAPI 3.1 JSON without paths", '{"openapi": "3.1.0", "info": {"title": "T", "version": "2.0.0"}}', { title: "T", version: "2.0.0", operations: [] }],
    ["Swagger 2.0 JSON behind a BOM", '\uFEFF{"swagger": "2.0", "info": {"title": "S"}, "paths": {"/a": {"put": {"summary": "Put"}}}}',
      { title: "S", version: null, operations: [{ method: "PUT", path: "/a", summary: "Put", operation_id: null }] }],
    ["flow-style YAML that is not JSON", '{openapi: "3.0.0", paths: {}}', { title: null, version: null, operations: [] }],
  ])("reads %s", (_, text, summary) => {
    expect(summarizeOpenApi(text)).toEqual(summary);
  });

  it("cuts a long summary at 200 characters", () => {
    const text = JSON.stringify({ openapi: "3.0.0", paths: { "/a": { get: { summary: "x".repeat(500) } } } });
    expect(summarizeOpenApi(text).operations[0].summary).toBe(`${"x".repeat(199)}…`);
  });

  it.each([
    ["an HTML page", "\n<!doctype html><html><body>Docs</body></html>", "the document is HTML (or XML), not OpenAPI"],
    ["a YAML text", "just some words", "the document is not an object"],
    ["a JSON list", "[1, 2]", "the document is not an object"],
    ["a JSON Schema", '{"$schema": "https://json-schema.org/draft/2020-12/schema"}', "the document has no `openapi: 3.x` (or `swagger: \"2.0\"`) field"],
    ["OpenAPI with `paths` a list", '{"openapi": "3.0.0", "paths": []}', "`paths` is not an object"],
    ["neither JSON nor YAML", "openapi: [3.0", "the document is neither JSON nor YAML"],
  ])("refuses %s, saying why", (_, text, message) => {
    expect(() => summarizeOpenApi(text)).toThrow(NotOpenApiError);
    expect(() => summarizeOpenApi(text)).toThrow(message);
  });

  it("refuses a YAML alias bomb instead of expanding it", () => {
    const lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 1; i < 10; i++) lines.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10).fill(`*${String.fromCharCode(96 + i)}`).join(", ")}]`);
    expect(() => summarizeOpenApi(lines.join("\n"))).toThrow(NotOpenApiError);
  });
});
