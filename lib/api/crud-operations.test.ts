import { z } from "zod";
import { describe, expect, test } from "vitest";

import { jsonObjectSchema } from "../schemas/common";
import { revisionParamsSchema } from "../schemas/revision";
import { forceQuerySchema } from "../schemas/server-query";
import { crudOperations } from "./crud-operations";
import { BAD_REQUEST, CONFLICT, NOT_FOUND, WRITE_ERRORS } from "./problem-responses";

const params = z.object({ name: z.string() });
const stored = z.object({ widget: z.object({ name: z.string() }) });
const body = z.object({ name: z.string() });
const keepSecrets = z.object({ keep_secrets: z.boolean().optional() });
const widgets = crudOperations({
  tag: "Widgets", collection: "/api/widgets", params, noun: "widget", stored, writeErrors: WRITE_ERRORS, overwriteQuery: keepSecrets,
});

describe("crudOperations", () => {
  test("the collection's rows take no path parameters; reads are for viewers, writes for editors", () => {
    const list = widgets.list({ summary: "List", schema: z.array(stored) });
    expect(list).toEqual({
      method: "GET", path: "/api/widgets", tag: "Widgets", role: "viewer", summary: "List",
      responses: { 200: { description: "A page of summaries", schema: expect.anything() }, ...BAD_REQUEST },
    });
    expect(widgets.create({ summary: "Create", body })).toEqual({
      method: "POST", path: "/api/widgets", tag: "Widgets", role: "editor", summary: "Create", body,
      responses: { 201: { description: "Created; Location and ETag set", schema: stored }, ...WRITE_ERRORS },
    });
  });

  test("one entity's rows: get answers it as stored; replace, patch and restore take the overwrite query; delete takes ?force", () => {
    expect(widgets.get({ summary: "Get" })).toEqual({
      method: "GET", path: "/api/widgets/{name}", tag: "Widgets", role: "viewer", params, summary: "Get",
      responses: { 200: { description: "The widget", schema: stored }, ...NOT_FOUND },
    });
    expect(widgets.replace({ summary: "Replace", body })).toMatchObject({ method: "PUT", query: keepSecrets, body, responses: { 200: { description: "The stored widget" } } });
    expect(widgets.patch({ summary: "Patch" })).toMatchObject({ method: "PATCH", query: keepSecrets, body: jsonObjectSchema });
    expect(widgets.delete({ summary: "Delete", errors: { ...NOT_FOUND, ...CONFLICT } })).toEqual({
      method: "DELETE", path: "/api/widgets/{name}", tag: "Widgets", role: "editor", params, summary: "Delete", query: forceQuerySchema,
      responses: { 204: { description: "Deleted" }, ...NOT_FOUND, ...CONFLICT },
    });
    expect(widgets.revisions().restore).toMatchObject({
      method: "POST", path: "/api/widgets/{name}/revisions/{n}/restore", role: "editor", params: revisionParamsSchema, query: keepSecrets,
      responses: { 200: { description: "The restored widget", schema: stored }, ...WRITE_ERRORS },
    });
  });

  test("an action sits under one entity; a POST that changes nothing says so with its role and budget", () => {
    expect(widgets.action("POST", "/validate", { summary: "Validate", role: "viewer", rateLimit: "none", body }, { 200: { description: "The result" } })).toEqual({
      method: "POST", path: "/api/widgets/{name}/validate", tag: "Widgets", role: "viewer", params, rateLimit: "none", summary: "Validate", body,
      responses: { 200: { description: "The result" } },
    });
  });

  test("the write role is the entity's", () => {
    const admin = crudOperations({ tag: "Secrets", collection: "/api/secrets", params, noun: "secret", stored, writeErrors: WRITE_ERRORS, writeRole: "admin" });
    expect([admin.patch({ summary: "Patch" }).role, admin.delete({ summary: "Delete", errors: {} }).role, admin.get({ summary: "Get" }).role]).toEqual(["admin", "admin", "viewer"]);
    expect(admin.patch({ summary: "Patch" })).not.toHaveProperty("query");
  });
});
