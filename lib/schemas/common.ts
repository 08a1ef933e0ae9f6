import { z } from "zod";

import { MASK } from "./secrets";

export const NAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,99}$/;
/** `new` is the create page's path (`/mcp-servers/new`), so no entity may be called that. */
export const RESERVED_NAMES = new Set(["new"]);

export const entityNameSchema = z
  .string()
  .regex(NAME_PATTERN, "must be lowercase letters, digits, '.', '_' or '-', starting with a letter or digit, at most 100 characters")
  .refine((name) => !RESERVED_NAMES.has(name), { message: "is reserved" });

export const descriptionSchema = z.string().trim().min(1, "is required").max(500, "must be at most 500 characters");

/** Tags and capability strings travel comma-separated in query strings, so they may not hold commas. */
export const labelSchema = z
  .string()
  .min(1, "must not be empty")
  .max(100, "must be at most 100 characters")
  .regex(/^[^,\s][^,]*$/, "must not contain commas or start with a space");

export const labelListSchema = z
  .array(labelSchema)
  .max(100, "at most 100 entries")
  .refine((list) => new Set(list).size === list.length, { message: "must not repeat an entry" });

export const environmentNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, "must be letters, digits, '.', '_' or '-', at most 64 characters");

/**
 * `z.record` whose refused key is answered with the key's own rule: zod's message for it is only "Invalid key in
 * record", which names neither what is wrong nor what is allowed — in a problem+json and in the dashboard's forms.
 */
export function keyedRecord<K extends z.core.$ZodRecordKey, V extends z.core.SomeType>(key: K, value: V) {
  return z.record(key, value, {
    error: (issue) => (issue.code === "invalid_key" ? `is not a valid key: ${[...new Set(issue.issues.map((inner) => inner.message))].join("; ")}` : undefined),
  });
}

export const stringMapSchema = z.record(z.string().min(1).max(200), z.string().max(10_000));

/**
 * HTTP header names and values as a request can carry them (RFC 9110 §5.1, §5.5): a name is a token, a value has no
 * line break or other control character and nothing past U+00FF. Stored otherwise, a header broke every connection
 * of its server later ("invalid header name", "Cannot convert argument to a ByteString"), or smuggled a second one.
 */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
export const headerMapSchema = keyedRecord(
  z.string().min(1).max(200).regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, "must be an HTTP header name: letters, digits and !#$%&'*+.^_`|~- only"),
  // The mask stands for a stored value (`Bearer ••••` sent back means unchanged), so it may appear where a value could.
  z.string().max(10_000).refine((value) => HEADER_VALUE.test(value.replaceAll(MASK, "")), "must be an HTTP header value: no line breaks, control characters or characters past U+00FF"),
);

/** `?raw=true`, `?force=true`, `?dry_run=true` … */
export const booleanFlagSchema = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((value) => value === "true" || value === "1");

/** A JSON object whose keys are up to the caller (schemas, parameters, context). */
export const jsonObjectSchema = z.record(z.string(), z.unknown());
