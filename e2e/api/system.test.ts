import { describe, expect, inject, test } from "vitest";

import { apiClient } from "../support/api-client";

const api = apiClient(inject("baseUrl"));

describe("system endpoints", () => {
  test("GET /api/healthz — a constant 200", async () => {
    const response = await api.get("/api/healthz");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ok" });
  });

  test("GET /api/readyz — ready once migrated", async () => {
    const response = await api.get("/api/readyz");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ready", database: expect.stringMatching(/sqlite|postgresql/) });
  });

  test("GET /api/openapi.json — OpenAPI 3.1 with every route and its schemas", async () => {
    const response = await api.get("/api/openapi.json");
    const document = response.body;

    expect(document.openapi).toBe("3.1.0");
    for (const [path, method] of [
      ["/api/mcp-servers", "get"], ["/api/mcp-servers", "post"], ["/api/mcp-servers/{name}", "get"],
      ["/api/mcp-servers/{name}", "put"], ["/api/mcp-servers/{name}", "patch"], ["/api/mcp-servers/{name}", "delete"],
      ["/api/mcp-servers/{name}/validate", "post"], ["/api/mcp-servers/{name}/revisions", "get"],
      ["/api/mcp-servers/{name}/revisions/{n}", "get"], ["/api/mcp-servers/{name}/revisions/{n}/restore", "post"],
      ["/api/environments", "get"], ["/api/healthz", "get"], ["/api/readyz", "get"],
    ]) {
      expect(document.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
    }
    const create = document.paths["/api/mcp-servers"].post;
    const bodySchema = create.requestBody.content["application/json"].schema;
    expect(bodySchema.required).toEqual(expect.arrayContaining(["name", "description", "transport"]));
    expect(bodySchema.additionalProperties).toBe(false);
    const listParameters = document.paths["/api/mcp-servers"].get.parameters.map((parameter: { name: string }) => parameter.name);
    expect(listParameters).toEqual(expect.arrayContaining(["tags", "search", "transport", "provides", "health", "limit", "cursor"]));
  });

  test("an unknown API path answers problem+json 404", async () => {
    const response = await api.get("/api/does-not-exist");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
  });
});
