import { queryOptions } from "@tanstack/react-query";

import { fetchJson } from "./fetch-json";

/** The parts of GET /api/openapi.json the API docs page reads. */
export type OpenApiSchema = Record<string, unknown>;
export type OpenApiParameter = { name: string; in: string; required?: boolean; description?: string; schema?: OpenApiSchema };
export type OpenApiOperation = {
  summary?: string;
  tags?: string[];
  operationId?: string;
  "x-patchbay-role"?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema?: OpenApiSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: OpenApiSchema }> }>;
};
export type OpenApiDocument = { info: { title: string; version: string; description?: string }; paths: Record<string, Record<string, OpenApiOperation>> };

export const openApiKeys = { document: ["openapi"] as const };

export const openApiQuery = () =>
  queryOptions({ queryKey: openApiKeys.document, queryFn: () => fetchJson<OpenApiDocument>("/api/openapi.json"), staleTime: Infinity });
