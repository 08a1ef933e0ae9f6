import { deleteVariableOperation, environmentVariablesOperation, getVariableOperation, listVariablesOperation, patchVariableOperation, putVariableOperation, variableUsedByOperation } from "../api/variables";
import { describeEnvironmentVariables } from "../variables/environment-variables";
import { findVariableUsers } from "../variables/variable-users";
import { deleteVariable, getVariable, listVariables, patchVariable, putVariable } from "../variables/variables";
import { cachedRead } from "../http/cached-json";
import { json, noContent } from "../http/responses";
import { route } from "../http/route";

/** GET /api/environments/:environment/variables — the variables page of one environment. */
export const environmentVariablesHandler = route(environmentVariablesOperation, async ({ request, params, visibility }) =>
  cachedRead(request, ["environments", params.environment, "variables"], visibility, () => describeEnvironmentVariables(params.environment)));

/** GET /api/variables/:name — one variable; a secret's values as `••••`. */
export const getVariableHandler = route(getVariableOperation, async ({ params }) => {
  const variable = await getVariable(params.name);
  return json({ variable }, { revision: variable.revision });
});

/** PUT /api/variables/:name — 201 when new, 200 when replaced; 412 on a stale If-Match. */
export const putVariableHandler = route(putVariableOperation, async ({ params, body, ifMatch, actor }) => {
  const { variable, created } = await putVariable(params.name, body, { ifMatch, actor });
  const headers = created ? { Location: `/api/variables/${variable.name}` } : undefined;
  return json({ variable }, { status: created ? 201 : 200, revision: variable.revision, headers });
});

/** PATCH /api/variables/:name — JSON merge patch; 412 on a stale If-Match. */
export const patchVariableHandler = route(patchVariableOperation, async ({ params, body, ifMatch, actor }) => {
  const variable = await patchVariable(params.name, body, { ifMatch, actor });
  return json({ variable }, { revision: variable.revision });
});

/** DELETE /api/variables/:name — 409 with the servers using it, unless ?force=true. */
export const deleteVariableHandler = route(deleteVariableOperation, async ({ params, query, ifMatch, actor }) => {
  await deleteVariable(params.name, { ifMatch, actor, force: query.force });
  return noContent();
});

/** GET /api/variables/:name/used-by — the servers that name it. */
export const variableUsedByHandler = route(variableUsedByOperation, async ({ request, params, visibility }) =>
  cachedRead(request, ["variables", params.name, "used-by"], visibility, async () => {
    await getVariable(params.name);
    return { mcp_servers: await findVariableUsers(params.name) };
  }));

/** GET /api/variables — every variable; secrets masked. */
export const listVariablesHandler = route(listVariablesOperation, async ({ request, visibility }) =>
  cachedRead(request, ["variables"], visibility, async () => ({ variables: await listVariables() })));
