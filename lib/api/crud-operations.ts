import type { z, ZodType } from "zod";

import { jsonObjectSchema } from "../schemas/common";
import { revisionDetailSchema, revisionListSchema, revisionParamsSchema } from "../schemas/revision";
import type { Role } from "../schemas/role";
import { forceQuerySchema } from "../schemas/server-query";
import { defineOperation, type HttpMethod, type Operation } from "./operation";
import { BAD_REQUEST, NOT_FOUND } from "./problem-responses";

type Responses = Operation["responses"];

/** What every row of one entity shares. */
export type CrudEntity<P, O> = {
  tag: string;
  /** The collection, e.g. `/api/mcp-servers`; one entity is `{collection}/{name}`. */
  collection: string;
  /** The path parameters of `{collection}/{name}`. */
  params: ZodType<P>;
  /** What one is called in descriptions: "server" gives "The stored server". */
  noun: string;
  /** The body a write answers with: one entity as stored. */
  stored: ZodType;
  /** What every write (create, replace, patch, restore) may answer besides success. */
  writeErrors: Responses;
  /** The least role that may write; `editor` unless said. */
  writeRole?: Role;
  /** The query every write over a stored one (replace, patch, restore) takes, e.g. `?keep_secrets=`. */
  overwriteQuery?: ZodType<O>;
};

/** A row's own parts; the method, path, tag and params come from the entity, the role too unless it says. */
type Row<Q, B> = { summary: string; query?: ZodType<Q>; body?: ZodType<B>; role?: Role | "public"; rateLimit?: Operation["rateLimit"] };
/** A success answer that differs from the entity's default. */
type Answer = { schema?: ZodType; description?: string; errors?: Responses };

/**
 * The rows of an entity's REST resource, written once: the collection (list, create), one entity (get,
 * replace, patch, delete), its revisions, and any `{collection}/{name}/…` action. Each row says only its summary,
 * its query and body, and where its answer differs; the rest is the same for every entity, so it cannot drift.
 */
export function crudOperations<P, O = unknown>(entity: CrudEntity<P, O>) {
  const { tag, collection, params, noun, stored, writeErrors, writeRole = "editor", overwriteQuery } = entity;
  const item = `${collection}/{name}`;

  /** Any row under the entity's path; GET is for viewers, the rest for writers unless `role` says otherwise. */
  function at<Q = unknown, B = unknown>(
    method: HttpMethod,
    path: string,
    { summary, query, body, role, rateLimit }: Row<Q, B>,
    responses: Responses,
  ): Operation<P, Q, B> {
    return defineOperation<P, Q, B>({
      method, path, tag,
      role: role ?? (method === "GET" ? "viewer" : writeRole),
      ...(path === collection ? {} : { params }),
      ...(rateLimit ? { rateLimit } : {}),
      summary,
      ...(query ? { query } : {}),
      ...(body ? { body } : {}),
      responses,
    });
  }

  return {
    list: <Q = unknown>(row: Row<Q, never> & { schema: ZodType; description?: string; errors?: Responses }) =>
      at<Q>("GET", collection, row, { 200: { description: row.description ?? "A page of summaries", schema: row.schema }, ...(row.errors ?? BAD_REQUEST) }),

    create: <B>(row: Row<never, B>) =>
      at<unknown, B>("POST", collection, row, { 201: { description: "Created; Location and ETag set", schema: stored }, ...writeErrors }),

    get: <Q = unknown>(row: Row<Q, never> & Answer) =>
      at<Q>("GET", item, row, { 200: { description: row.description ?? `The ${noun}`, schema: row.schema ?? stored }, ...(row.errors ?? NOT_FOUND) }),

    replace: <B>(row: Row<never, B>) =>
      at<O, B>("PUT", item, { ...row, query: overwriteQuery }, { 200: { description: `The stored ${noun}`, schema: stored }, ...writeErrors }),

    /** A JSON merge patch: null removes a field. */
    patch: (row: { summary: string }) =>
      at<O, z.infer<typeof jsonObjectSchema>>("PATCH", item, { ...row, query: overwriteQuery, body: jsonObjectSchema }, { 200: { description: `The stored ${noun}`, schema: stored }, ...writeErrors }),

    /** `?force=true` deletes what is still used. */
    delete: (row: { summary: string; errors: Responses }) =>
      at("DELETE", item, { ...row, query: forceQuerySchema }, { 204: { description: "Deleted" }, ...row.errors }),

    /** `{collection}/{name}{suffix}`: an action or view of one entity; its answers are its own. */
    action: <Q = unknown, B = unknown>(method: HttpMethod, suffix: string, row: Row<Q, B>, responses: Responses) =>
      at<Q, B>(method, `${item}${suffix}`, row, responses),

    /** The history, one revision, and restore (a new revision equal to n, honouring If-Match), under `…/{name}/revisions`. */
    revisions() {
      const revisions = `${item}/revisions`;
      const revision = { tag, params: revisionParamsSchema } as const;
      return {
        list: at("GET", revisions, { summary: "Revision history, newest first" }, { 200: { description: "Revisions", schema: revisionListSchema }, ...NOT_FOUND }),
        get: defineOperation({
          method: "GET", path: `${revisions}/{n}`, role: "viewer", ...revision,
          summary: "One revision with its full snapshot",
          responses: { 200: { description: "The revision", schema: revisionDetailSchema }, ...BAD_REQUEST, ...NOT_FOUND },
        }),
        restore: defineOperation<z.infer<typeof revisionParamsSchema>, O>({
          method: "POST", path: `${revisions}/{n}/restore`, role: writeRole, ...revision,
          summary: "Write a new revision equal to revision n; honours If-Match",
          ...(overwriteQuery ? { query: overwriteQuery } : {}),
          responses: { 200: { description: `The restored ${noun}`, schema: stored }, ...writeErrors },
        }),
      };
    },
  };
}
