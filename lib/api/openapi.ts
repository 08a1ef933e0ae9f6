import { z, type ZodType } from "zod";

import type { Operation } from "./operation";

/** OpenAPI 3.1 from the same zod schemas the routes parse with (JSON Schema 2020-12 is its dialect). */
export function buildOpenApiDocument(operations: Operation<any, any, any>[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    paths[operation.path] ??= {};
    paths[operation.path][operation.method.toLowerCase()] = toPathItem(operation);
  }
  return {
    openapi: "3.1.0",
    info: { title: "Patchbay", version, description: "A self-hosted registry for MCP servers." },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" }, session: { type: "apiKey", in: "cookie", name: "patchbay_session" } },
    },
    paths,
  };
}

function toPathItem(operation: Operation<any, any, any>) {
  return {
    summary: operation.summary,
    tags: [operation.tag],
    operationId: `${operation.method.toLowerCase()}${operation.path.replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string = "") => c.toUpperCase())}`,
    "x-patchbay-role": operation.role,
    ...(operation.role === "public" ? { security: [] } : { security: [{ bearer: [] }, { session: [] }] }),
    parameters: [...parametersOf(operation.params, "path"), ...parametersOf(operation.query, "query")],
    ...(operation.body
      ? { requestBody: { required: !operation.bodyOptional, content: { [operation.rawBody ? "text/plain" : "application/json"]: { schema: toSchema(operation.body, "input") } } } }
      : {}),
    responses: Object.fromEntries(
      Object.entries(operation.responses).map(([status, response]) => [
        status,
        {
          description: response.description,
          ...(response.schema ? { content: { [response.contentType ?? "application/json"]: { schema: toSchema(response.schema, "output") } } } : {}),
        },
      ]),
    ),
  };
}

function parametersOf(schema: ZodType | undefined, location: "path" | "query") {
  if (!schema) return [];
  const jsonSchema = toSchema(schema, "input") as { properties?: Record<string, { description?: string }>; required?: string[] };
  return Object.entries(jsonSchema.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === "path" || (jsonSchema.required ?? []).includes(name),
    ...(property.description ? { description: property.description } : {}),
    schema: property,
  }));
}

function toSchema(schema: ZodType, io: "input" | "output") {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any", reused: "inline" }) as Record<string, unknown>;
  return rest;
}
