import { describe, expect, test } from "vitest";

import { agentInputSchema } from "../schemas/agent";
import { capabilityInputSchema } from "../schemas/capability";
import { documentFormResolver, fromFormErrors } from "./document-form-resolver";
import { toDocumentFormValues, type DocumentFormValues } from "./document-form-values";

const options = { fields: {}, names: [], shouldUseNativeValidation: false } as never;

async function check(values: DocumentFormValues, hasCapabilities = false) {
  const resolver = documentFormResolver(hasCapabilities ? agentInputSchema : capabilityInputSchema, hasCapabilities);
  const result = await resolver(values, undefined, options);
  return { values: result.values, errors: fromFormErrors(result.errors, values) };
}

describe("documentFormResolver — the API's own schema on the capability and agent forms", () => {
  test("a valid capability gives the POST body, references back as the alias map", async () => {
    const values = { ...toDocumentFormValues(), name: " docs ", description: "Docs", references: [{ alias: "store", server: "context-store", parameters: {} }] };
    expect(await check(values)).toEqual({
      values: { name: "docs", description: "Docs", tags: [], mcp_servers: { store: { server: "context-store" } } },
      errors: { fields: {}, references: {}, other: [] },
    });
  });

  test("a bad name shows on the name field, nothing is returned", async () => {
    const { values, errors } = await check({ ...toDocumentFormValues(), name: "Not A Name", description: "Docs" });
    expect(values).toEqual({});
    expect(Object.keys(errors.fields)).toEqual(["name"]);
  });

  test("only agents send capabilities, and a repeated one is refused on that field", async () => {
    const { errors } = await check({ ...toDocumentFormValues(), name: "agent", description: "A", capabilities: ["a", "a"] }, true);
    expect(errors.fields.capabilities).toBe("must not repeat a capability");
  });

  test("a capability's tools JSON goes into the body; a cycle and text that is no JSON are named under /tools", async () => {
    const base = { ...toDocumentFormValues(), name: "web", description: "Web", references: [{ alias: "fetch", server: "fetch-server", parameters: {} }] };
    const tools = { include: ["fetch.*"], virtual: [{ name: "get_webpage", source: "fetch.fetch", defaults: { max_length: 5000 } }] };
    expect((await check({ ...base, tools: JSON.stringify(tools) })).values).toEqual({
      name: "web", description: "Web", tags: [], mcp_servers: { fetch: { server: "fetch-server" } }, tools,
    });
    const cycle = { virtual: [{ name: "a", source: "b" }, { name: "b", source: "a" }] };
    const cycled = (await check({ ...base, tools: JSON.stringify(cycle) })).errors;
    expect(cycled.fields.tools).toBe("tools › virtual › 1 › source is a cycle: a → b → a.");
    expect(cycled.other).toEqual(["tools › virtual › 2 › source is a cycle: b → a → b."]);
    // Issue 31: not "expected object, received string" somewhere on the page, but a sentence on the Tools field.
    const text = (await check({ ...base, tools: "{ not json" })).errors;
    expect(text.fields.tools).toBe("must be a JSON object, not text");
    expect(text.other).toEqual([]);
  });
});
