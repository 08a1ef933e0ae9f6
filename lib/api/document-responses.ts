import { z } from "zod";

import { effectiveToolsSchema } from "../schemas/effective-tools";
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
