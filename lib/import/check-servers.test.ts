import { describe, expect, it } from "vitest";

import { checkServers } from "./check-servers";

const valid = { name: "weather", description: "Forecasts", transport: { url: "https://weather.example/mcp", type: "http" } };

describe("checkServers", () => {
  it("keeps a valid entry as entered, key order included", () => {
    const { valid: checked, errors } = checkServers([valid]);

    expect(errors).toEqual([]);
    expect(checked).toEqual([{ index: 0, server: valid }]);
    expect(Object.keys(checked[0].server.transport)).toEqual(["url", "type"]);
  });

  it("reports an invalid entry at /servers/<index>/<field>, naming it", () => {
    const broken = { ...valid, name: "broken", transport: { type: "http", url: "not a url" } };
    const { valid: checked, errors } = checkServers([valid, broken]);

    expect(checked.map(({ index }) => index)).toEqual([0]);
    expect(errors).toEqual([{ path: "/servers/1/transport/url", message: expect.stringMatching(/^'broken': must be an absolute http\(s\) URL/) }]);
  });

  it.each([
    ["an unknown field", { ...valid, colour: "red" }, "/servers/0/colour", "'weather': is not a known field"],
    ["a missing transport", { name: "bare", description: "x" }, "/servers/0/transport", "'bare': is required"],
    ["a bad name", { ...valid, name: "Bad Name" }, "/servers/0/name", "'Bad Name': must be lowercase"],
    ["no name at all", { description: "x", transport: valid.transport }, "/servers/0/name", "entry 0: is required"],
  ])("reports %s", (_, entry, path, message) => {
    const { errors } = checkServers([entry]);
    expect(errors).toContainEqual({ path, message: expect.stringContaining(message) });
  });
});
