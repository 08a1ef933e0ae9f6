import { z } from "zod";

import { fieldErrorSchema } from "../schemas/server-output";

export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});

export const problemResponse = (description: string) => ({ description, schema: problemSchema, contentType: "application/problem+json" });

export const BAD_REQUEST = { 400: problemResponse("Malformed JSON, or a body or query that fails its schema; every failing field by JSON path") };
export const NOT_FOUND = { 404: problemResponse("No such name") };
export const CONFLICT = { 409: problemResponse("Name taken, still referenced (with `used_by`), or managed by GitOps sync (with `managed_in`)") };
export const PRECONDITION_FAILED = { 412: problemResponse("If-Match does not match the current ETag; nothing changed") };
export const TOO_LARGE = { 413: problemResponse("Body over the size limit") };
export const SECRET_DESTINATION = { 409: problemResponse("secret-destination-changed: the parameters given would send the server's secrets (named in `keys`) to another origin or command line than its own parameters do, and the caller may not read them; nothing was sent") };
export const UNRESOLVABLE = { 422: problemResponse("Well-formed but unresolvable") };
export const WRITE_ERRORS = { ...BAD_REQUEST, ...NOT_FOUND, ...CONFLICT, ...PRECONDITION_FAILED, ...TOO_LARGE };
