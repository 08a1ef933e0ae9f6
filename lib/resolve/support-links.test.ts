import { expect, test } from "vitest";

import { supportLink } from "./support-links";

test("a relative documentation_url links against the server's URL (seed 003); an absolute http(s) one as written", () => {
  expect(supportLink("/docs/components/context-store/MCP.md", "http://localhost:9501/mcp")).toBe("http://localhost:9501/docs/components/context-store/MCP.md");
  expect(supportLink("MCP.md", "https://context-store.prod.example.com/mcp/")).toBe("https://context-store.prod.example.com/mcp/MCP.md");
  expect(supportLink("https://docs.example.com/context-store", "http://localhost:9501/mcp")).toBe("https://docs.example.com/context-store");
});

test("no link where the server's URL is not known yet (placeholders), is not http(s), or the href is another scheme", () => {
  expect(supportLink("/docs/architecture/mcp-runner-integration.md", "${AGENT_ORCHESTRATOR_MCP_URL}")).toBeNull();
  expect(supportLink("/docs/x.md", "http://{{host}}/mcp")).toBeNull();
  expect(supportLink("/docs/x.md", undefined)).toBeNull();
  expect(supportLink("javascript:alert(1)", "https://example.com/mcp")).toBeNull();
  expect(supportLink("data:text/html,hi", "https://example.com/mcp")).toBeNull();
});
