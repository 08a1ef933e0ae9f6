import { z } from "zod";

import { effectiveToolsSchema } from "../schemas/effective-tools";
import { healthEnvironmentQuerySchema } from "../schemas/health";
import { targetPromptsSchema, targetResourcesSchema } from "../schemas/target-offerings";
import type { crudOperations } from "./crud-operations";
import type { Operation } from "./operation";
import { BAD_REQUEST, CONFLICT, NOT_FOUND, PRECONDITION_FAILED, UNRESOLVABLE } from "./problem-responses";

/** What capabilities and agents answer alike: their actions differ only in the document they carry. */

/** POST …/{name}/adopt-inline: the rewritten document (`stored`, as a write answers it) and the servers created. */
export function adoptedResponses(stored: z.ZodObject, noun: string): Operation["responses"] {
  return {
    200: { description: `The rewritten ${noun} and the servers created`, schema: stored.safeExtend({ created: z.array(z.string()) }) },
    ...NOT_FOUND, ...CONFLICT, ...PRECONDITION_FAILED, ...UNRESOLVABLE,
  };
}

/** GET …/{name}/tools */
export const EFFECTIVE_TOOLS_RESPONSES: Operation["responses"] = {
  200: { description: "The effective tools, and what could not be resolved", schema: effectiveToolsSchema },
  ...BAD_REQUEST, ...NOT_FOUND,
};

/** GET …/{name}/prompts */
const TARGET_PROMPTS_RESPONSES: Operation["responses"] = {
  200: { description: "The prompts the gateway lists for it, and the servers it could not list", schema: targetPromptsSchema },
  ...BAD_REQUEST, ...NOT_FOUND, ...UNRESOLVABLE,
};

/** GET …/{name}/resources */
const TARGET_RESOURCES_RESPONSES: Operation["responses"] = {
  200: { description: "The resources and templates the gateway lists for it, and the servers it could not list", schema: targetResourcesSchema },
  ...BAD_REQUEST, ...NOT_FOUND, ...UNRESOLVABLE,
};

/**
 * What GET …/{name}/prompts and …/resources say beside their own subject. They connect to the referenced servers
 * (starting stdio ones), so each spends the token's test budget.
 */
const OFFERINGS_NOTE = "by the gateway's own routing (DESIGN §16), asked of the referenced servers now (stdio ones are started and stopped again: each request spends the `tests` budget); a server that cannot be reached or fails to list is an `errors` entry naming it and why";

/** GET …/{name}/prompts and …/resources of a target (`noun`: agent, capability): what its gateway lists (DESIGN §16). */
export function targetOfferingOperations<P>(rows: Pick<ReturnType<typeof crudOperations<P>>, "action">, noun: string) {
  const row = { role: "viewer", rateLimit: "tests", query: healthEnvironmentQuerySchema } as const;
  return {
    prompts: rows.action("GET", "/prompts", {
      summary: `The prompts the ${noun}'s gateway lists, as advertised, with the server, alias and upstream name of each; ${OFFERINGS_NOTE}`, ...row,
    }, TARGET_PROMPTS_RESPONSES),
    resources: rows.action("GET", "/resources", {
      summary: `The resources and resource templates the ${noun}'s gateway lists, with the server and alias of each; ${OFFERINGS_NOTE}`, ...row,
    }, TARGET_RESOURCES_RESPONSES),
  };
}
