import { z } from "zod";

/** Where a listed prompt, resource or template comes from: the registry server and the alias the target gives it. */
const originFields = {
  server: z.string().describe("the registry server that offers it"),
  alias: z.string().describe("the alias the target references that server under"),
};

/** A referenced server the gateway could not list, and why (secrets scrubbed). */
export const unlistedServerSchema = z.object({
  ...originFields,
  reason: z.string(),
  connect_url: z.string().optional().describe("a `per_user` server the viewer has not connected to (DESIGN §17): the page where they connect, after which it is listed with their own connection"),
});

export const targetPromptSchema = z.object({
  name: z.string().describe("the advertised name, as the gateway's prompts/list gives it: 'alias.prompt', the prompt's own under names: 'bare', with the target's tool_names separator"),
  upstream_name: z.string().describe("the name the server knows"),
  title: z.string().optional(),
  description: z.string().optional(),
  arguments: z.array(z.object({ name: z.string(), description: z.string().optional(), required: z.boolean().optional() })).optional(),
  ...originFields,
});

/** GET /api/agents/{name}/prompts and /api/capabilities/{name}/prompts. */
export const targetPromptsSchema = z.object({
  name: z.string(),
  environment: z.string(),
  prompts: z.array(targetPromptSchema).describe("in the gateway's order: the referenced servers' in blueprint order; a name two servers claim goes to the first"),
  errors: z.array(unlistedServerSchema).describe("referenced servers that could not be reached or failed to list: left out of the list"),
});
export type TargetPrompts = z.infer<typeof targetPromptsSchema>;

const describedFields = {
  name: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  mime_type: z.string().optional(),
};

export const targetResourceSchema = z.object({ uri: z.string(), ...describedFields, ...originFields });
export const targetResourceTemplateSchema = z.object({ uri_template: z.string(), ...describedFields, ...originFields });

/** GET /api/agents/{name}/resources and /api/capabilities/{name}/resources. */
export const targetResourcesSchema = z.object({
  name: z.string(),
  environment: z.string(),
  resources: z.array(targetResourceSchema).describe("as the gateway's resources/list gives them; a URI two servers offer goes to the first"),
  resource_templates: z.array(targetResourceTemplateSchema).describe("as the gateway's resources/templates/list gives them; a template two servers offer goes to the first"),
  errors: z.array(unlistedServerSchema).describe("referenced servers that could not be reached or failed to list: left out of the lists"),
});
export type TargetResources = z.infer<typeof targetResourcesSchema>;
