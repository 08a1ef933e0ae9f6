import type { ZodType } from "zod";

import { revisionDetailSchema, revisionListSchema, revisionParamsSchema } from "../schemas/revision";
import { defineOperation, type Operation } from "./operation";
import { BAD_REQUEST, NOT_FOUND } from "./problem-responses";

type RestoreAnswer = { schema: ZodType; errors: Operation["responses"] };

/**
 * The three revision operations every versioned entity has, under `{entityPath}/{name}/revisions`:
 * the history, one revision, and restore (a new revision equal to n, honouring If-Match).
 */
export function revisionOperations<P>(tag: string, entityPath: string, params: ZodType<P>, noun: string, restored: RestoreAnswer) {
  const revisions = `${entityPath}/{name}/revisions`;
  return {
    list: defineOperation({
      method: "GET", path: revisions, tag, role: "viewer", params,
      summary: "Revision history, newest first",
      responses: { 200: { description: "Revisions", schema: revisionListSchema }, ...NOT_FOUND },
    }),
    get: defineOperation({
      method: "GET", path: `${revisions}/{n}`, tag, role: "viewer", params: revisionParamsSchema,
      summary: "One revision with its full snapshot",
      responses: { 200: { description: "The revision", schema: revisionDetailSchema }, ...BAD_REQUEST, ...NOT_FOUND },
    }),
    restore: defineOperation({
      method: "POST", path: `${revisions}/{n}/restore`, tag, role: "editor", params: revisionParamsSchema,
      summary: "Write a new revision equal to revision n; honours If-Match",
      responses: { 200: { description: `The restored ${noun}`, schema: restored.schema }, ...restored.errors },
    }),
  };
}
