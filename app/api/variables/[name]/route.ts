import { deleteVariableOperation, getVariableOperation, patchVariableOperation, putVariableOperation } from "@/lib/api/variables";
import { deleteVariable, getVariable, patchVariable, putVariable } from "@/lib/data/variables";
import { json, noContent } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/variables/:name — one variable; a secret's values as `••••`. */
export const GET = route(getVariableOperation, async ({ params }) => {
  const variable = await getVariable(params.name);
  return json({ variable }, { revision: variable.revision });
});

/** PUT /api/variables/:name — 201 when new, 200 when replaced; 412 on a stale If-Match. */
export const PUT = route(putVariableOperation, async ({ params, body, ifMatch, actor }) => {
  const { variable, created } = await putVariable(params.name, body, { ifMatch, actor });
  const headers = created ? { Location: `/api/variables/${variable.name}` } : undefined;
  return json({ variable }, { status: created ? 201 : 200, revision: variable.revision, headers });
});

/** PATCH /api/variables/:name — JSON merge patch; 412 on a stale If-Match. */
export const PATCH = route(patchVariableOperation, async ({ params, body, ifMatch, actor }) => {
  const variable = await patchVariable(params.name, body, { ifMatch, actor });
  return json({ variable }, { revision: variable.revision });
});

/** DELETE /api/variables/:name — 409 with the servers using it, unless ?force=true. */
export const DELETE = route(deleteVariableOperation, async ({ params, query, ifMatch, actor }) => {
  await deleteVariable(params.name, { ifMatch, actor, force: query.force });
  return noContent();
});
