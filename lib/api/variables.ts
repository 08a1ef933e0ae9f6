import { z } from "zod";

import { environmentNameSchema } from "../schemas/common";
import { environmentVariablesSchema, variableBodySchema, variableListSchema, variableOutputSchema, variableParamsSchema, variableUsedBySchema } from "../schemas/variable";
import { crudOperations } from "./crud-operations";
import { defineOperation } from "./operation";
import { BAD_REQUEST, CONFLICT, NOT_FOUND, PRECONDITION_FAILED, WRITE_ERRORS } from "./problem-responses";

const tag = "Variables";
const oneVariable = z.object({ variable: variableOutputSchema });
const variables = crudOperations({
  tag, collection: "/api/variables", params: variableParamsSchema, noun: "variable",
  stored: oneVariable, writeErrors: WRITE_ERRORS, writeRole: "admin",
});

export const listVariablesOperation = variables.list({
  summary: "Registry variables and secrets (DESIGN §10); a secret's values are never shown",
  description: "Every variable, by name", schema: variableListSchema, errors: {},
});

export const getVariableOperation = variables.get({
  summary: "One variable; a secret shows `••••` and `has_value`",
  description: "The variable; ETag set", errors: { ...NOT_FOUND, ...BAD_REQUEST },
});

// A variable has no POST: PUT both creates and replaces.
export const putVariableOperation = variables.action("PUT", "", {
  summary: "Create (201) or replace (200) a variable; a secret needs a scope; `••••` keeps a secret's stored value; honours If-Match",
  body: variableBodySchema,
}, {
  200: { description: "Replaced", schema: oneVariable },
  201: { description: "Created; Location and ETag set", schema: oneVariable },
  ...WRITE_ERRORS,
});

export const patchVariableOperation = variables.patch({ summary: "Partial update as a JSON merge patch; honours If-Match" });

export const deleteVariableOperation = variables.delete({
  summary: "Delete a variable; 409 naming the servers that use it, unless ?force=true",
  errors: { ...NOT_FOUND, ...CONFLICT, ...PRECONDITION_FAILED, ...BAD_REQUEST },
});

export const variableUsedByOperation = variables.action("GET", "/used-by", {
  summary: "The servers whose definitions name ${NAME}",
}, { 200: { description: "Servers", schema: variableUsedBySchema }, ...NOT_FOUND, ...BAD_REQUEST });

export const environmentVariablesOperation = defineOperation({
  method: "GET", path: "/api/environments/{environment}/variables", tag, role: "viewer",
  params: z.object({ environment: environmentNameSchema }),
  summary: "Every variable with the value this environment gets (secrets masked), where each is used, and the servers that stay unresolved here",
  responses: { 200: { description: "The environment's variables", schema: environmentVariablesSchema }, ...BAD_REQUEST },
});
