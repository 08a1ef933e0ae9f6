import { describe, it } from "vitest";

import { expectConversion } from "./fixtures/helpers";

describe("seed 003 mcp-server.json", () => {
  it("reads one definition as it is", () => {
    expectConversion("server-json.json");
  });

  it("reads an array, dropping server-set fields, mapping names and defaulting descriptions", () => {
    expectConversion("server-json-array.json");
  });
});
