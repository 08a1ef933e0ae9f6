import { z } from "zod";

import { jsonObjectSchema } from "./common";

/** One prompt of a server in an environment (DESIGN §16): what `prompts/list` said, its fingerprint, and the pin's view. */
export const serverPromptSchema = z.object({
  name: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  arguments: z.array(z.unknown()).nullable().describe("as the server listed them: [{name, description?, required?}]"),
  icons: z.array(z.unknown()).nullable(),
  fingerprint: z.string().describe("hex SHA-256 of the RFC 8785 (JCS) form of {name, title?, description?, arguments?, icons?}"),
  pinned: z.boolean().describe("the pinned promptset holds this very definition"),
  drift: z.boolean().describe("the prompt is added or changed against the pin"),
});

const promptDefinitionSchema = jsonObjectSchema.describe("the fingerprinted object");
export const promptsetDriftSchema = z.object({
  added: z.array(z.string()),
  removed: z.array(z.string()),
  changed: z.array(z.object({
    name: z.string(),
    fields: z.array(z.string()).describe("keys of the fingerprinted object that differ, e.g. description, arguments"),
    before: promptDefinitionSchema.describe("the pinned definition"),
    after: promptDefinitionSchema.describe("the definition seen"),
  })),
});

export const serverPromptsSchema = z.object({
  environment: z.string(),
  promptset_fingerprint: z.string().nullable().describe("JCS + SHA-256 of {prompts: [[name, fingerprint], …]}; null until a prompts/list succeeded in this environment"),
  pinned_fingerprint: z.string().nullable(),
  pinned_by: z.string().nullable().describe("who pinned; null for trust on first use"),
  pinned_at: z.iso.datetime().nullable(),
  drift: promptsetDriftSchema.nullable().describe("null when the current prompts are the pinned ones (or nothing is pinned)"),
  list_error: z.string().nullable().describe("why the last probe's prompts/list failed (the health result is unaffected); null when it succeeded"),
  prompts: z.array(serverPromptSchema),
});
export type ServerPrompts = z.infer<typeof serverPromptsSchema>;

export const promptDriftEventsSchema = z.object({
  events: z.array(promptsetDriftSchema.extend({ at: z.iso.datetime(), environment: z.string(), promptset_fingerprint: z.string() })).describe("newest first"),
});
