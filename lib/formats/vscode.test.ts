import { describe, expect, it } from "vitest";

import { convert } from "./detect";
import { expectConversion } from "./fixtures/helpers";

describe("VS Code mcp.json", () => {
  it("reads JSONC and turns ${input:…} and ${env:…} into ${VAR} placeholders", () => {
    expectConversion("vscode.jsonc");
  });

  it("reads the same under `mcp` in settings.json", () => {
    const text = '{ "editor.fontSize": 14, "mcp": { "servers": { "time": { "command": "uvx", "args": ["mcp-server-time"] } } } }';
    const bundle = convert(text);
    expect(bundle.format).toBe("vscode");
    expect(bundle.servers).toEqual([
      { name: "time", description: "Imported from vscode", transport: { type: "stdio", command: "uvx", args: ["mcp-server-time"] } },
    ]);
  });
});
