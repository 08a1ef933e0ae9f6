import { describe, expect, it } from "vitest";

import { convert } from "./detect";
import { expectConversion, readFixture } from "./fixtures/helpers";

describe("seed 000 mcp.json", () => {
  it("turns capabilities into provides and skips transports Patchbay has not got", () => {
    expectConversion("mcp-json.json");
  });

  it("turns the literal API key into a placeholder on request", () => {
    const [irwin] = convert(readFixture("mcp-json.json"), { secretsToPlaceholders: true }).servers;
    expect(irwin).toMatchObject({ transport: { env: { IRWIN_API_KEY: "${MCP_IRWIN_IRWIN_API_KEY}" } } });
  });

  it("reports a server with neither command nor url", () => {
    const text = JSON.stringify({ servers: [{ id: "empty", transport: "stdio" }, { id: "nothing" }] });
    expect(convert(text).errors).toEqual([
      { path: "/servers/0", message: "a stdio server needs a command" },
      { path: "/servers/1", message: "has neither a command nor a url" },
    ]);
  });
});
