import { expect, inject, test } from "vitest";

import { apiClient } from "../support/api-client";

const api = apiClient(inject("baseUrl"));

test("GET /api/openapi.json — lists every capability, agent, blueprint and used-by route", async () => {
  const { body } = await api.get("/api/openapi.json");
  const operations = Object.entries(body.paths as Record<string, Record<string, unknown>>)
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));

  expect(operations).toEqual(expect.arrayContaining([
    "GET /api/capabilities", "POST /api/capabilities",
    "GET /api/capabilities/{name}", "PUT /api/capabilities/{name}", "PATCH /api/capabilities/{name}", "DELETE /api/capabilities/{name}",
    "POST /api/capabilities/{name}/adopt-inline",
    "GET /api/capabilities/{name}/revisions", "GET /api/capabilities/{name}/revisions/{n}", "POST /api/capabilities/{name}/revisions/{n}/restore",
    "GET /api/agents", "POST /api/agents",
    "GET /api/agents/{name}", "PUT /api/agents/{name}", "PATCH /api/agents/{name}", "DELETE /api/agents/{name}",
    "POST /api/agents/{name}/blueprint",
    "GET /api/agents/{name}/revisions", "GET /api/agents/{name}/revisions/{n}", "POST /api/agents/{name}/revisions/{n}/restore",
    "GET /api/mcp-servers/{name}/used-by",
  ]));
  const blueprint = body.paths["/api/agents/{name}/blueprint"].post;
  expect(blueprint.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(["name", "format"]);
  expect(Object.keys(blueprint.requestBody.content["application/json"].schema.properties)).toEqual(["environment", "parameters", "context"]);
});
