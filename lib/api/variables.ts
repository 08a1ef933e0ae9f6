import { environmentNameSchema, jsonObjectSchema } from "../schemas/common";
import { forceQuerySchema } from "../schemas/server-query";
import { environmentVariablesSchema, variableBodySchema, variableListSchema, variableOutputSchema, variableParamsSchema, variableUsedBySchema } from "../schemas/variable";
import { z } from "zod";
import { defineOperation } from "./operation";
import { BAD_REQUEST, CONFLICT, NOT_FOUND, PRECONDITION_FAILED, WRITE_ERRORS } from "./problem-responses";

const tag = "Variables";
const params = variableParamsSchema;
const oneVariable = z.object({ variable: variableOutputSchema });

export const listVariablesOperation = defineOperation({
  method: "GET", path: "/api/variables", tag, role: "viewer",
  summary: "Registry variables and secrets (DESIGN §10); a secret's values are never shown",
  responses: { 200: { description: "Every variable, by name", schema: variableListSchema } },
});

export const getVariableOperation = defineOperation({
  method: "GET", path: "/api/variables/{name}", tag, role: "viewer", params,
  summary: "One variable; a secret shows `••••` and `has_value`",
  responses: { 200: { description: "The variable; ETag set", schema: oneVariable }, ...NOT_FOUND, ...BAD_REQUEST },
});

export const putVariableOperation = defineOperation({
  method: "PUT", path: "/api/variables/{name}", tag, role: "admin", params,
  summary: "Create (201) or replace (200) a variable; a secret needs a scope; `••••` keeps a secret's stored value; honours If-Match",
  body: variableBodySchema,
  responses: {
    200: { description: "Replaced", schema: oneVariable },
    201: { description: "Created; Location and ETag set", schema: oneVariable },
    ...WRITE_ERRORS,
  },
});

export const patchVariableOperation = defineOperation({
  method: "PATCH", path: "/api/variables/{name}", tag, role: "admin", params,
  summary: "Partial update as a JSON merge patch; honours If-Match",
  body: jsonObjectSchema,
  responses: { 200: { description: "The stored variable", schema: oneVariable }, ...WRITE_ERRORS },
});

export const deleteVariableOperation = defineOperation({
  method: "DELETE", path: "/api/variables/{name}", tag, role: "admin", params,
  summary: "Delete a variable; 409 naming the servers that use it, unless ?force=true",
  query: forceQuerySchema,
  responses: { 204: { description: "Deleted" }, ...NOT_FOUND, ...CONFLICT, ...PRECONDITION_FAILED, ...BAD_REQUEST },
});

export const variableUsedByOperation = defineOperation({
  method: "GET", path: "/api/variables/{name}/used-by", tag, role: "viewer", params,
  summary: "The servers whose definitions name ${NAME}",
  responses: { 200: { description: "Servers", schema: variableUsedBySchema }, ...NOT_FOUND, ...BAD_REQUEST },
});

export const environmentVariablesOperation = defineOperation({
  method: "GET", path: "/api/environments/{environment}/variables", tag, role: "viewer",
  params: z.object({ environment: environmentNameSchema }),
  summary: "Every variable with the value this environment gets (secrets masked), where each is used, and the servers that stay unresolved here",
  responses: { 200: { description: "The environment's variables", schema: environmentVariablesSchema }, ...BAD_REQUEST },
});
