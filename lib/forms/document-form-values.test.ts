import { expect, test } from "vitest";

import { toDocumentFormValues, toDocumentInput } from "./document-form-values";

test("saving the form keeps tool_names and a bare reference, which it has no field for (DESIGN §16)", () => {
  const agent = { name: "bot", description: "Bot", capabilities: [], tool_names: { separator: "__" as const }, mcp_servers: { conf: { server: "conformance", names: "bare" as const } }, revision: 3 };
  expect(toDocumentInput(toDocumentFormValues(agent), true)).toEqual({
    name: "bot", description: "Bot", tags: [], capabilities: [], tool_names: { separator: "__" }, mcp_servers: { conf: { server: "conformance", names: "bare" } },
  });
});

test("saving the form keeps an agent's isolation, which it has no field for: an isolated agent stays isolated (DESIGN §19)", () => {
  const agent = { name: "ranger", description: "Ranger", capabilities: [], isolation: "gateway" as const, mcp_servers: { gee: { server: "mcp-google-earth-engine" } }, revision: 2 };
  expect(toDocumentInput(toDocumentFormValues(agent), true)).toMatchObject({ name: "ranger", isolation: "gateway" });
});

test("an agent's users round-trip through the form; an empty list is left out, and a capability never sends one (DESIGN §18)", () => {
  const agent = { name: "ops", description: "Ops", capabilities: [], users: ["rita@example.com", "sre"], revision: 1 };
  expect(toDocumentInput(toDocumentFormValues(agent), true)).toMatchObject({ users: ["rita@example.com", "sre"] });
  expect(toDocumentInput(toDocumentFormValues({ ...agent, users: [] }), true)).not.toHaveProperty("users");
  expect(toDocumentInput({ ...toDocumentFormValues(agent), tools: "" }, false)).not.toHaveProperty("users");
});
