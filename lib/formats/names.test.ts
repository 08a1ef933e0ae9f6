import { describe, expect, it } from "vitest";

import { mapServerNames, toEntityName, toEnvName } from "./names";
import type { DraftServer } from "./types";

const draft = (name: string, source: string): DraftServer => ({ source, server: { name, description: "x" } });

describe("toEntityName", () => {
  it.each([
    ["context-store", "context-store"],
    ["io.github.user-weather", "io.github.user-weather"],
    ["io.github.User/weather", "io.github.user-weather"],
    ["Linear Issues", "linear-issues"],
    ["@scope/pkg", "scope-pkg"],
    ["__private", "private"],
    ["Ünïcode", "n-code"],
    ["a".repeat(120), "a".repeat(100)],
    ["--" + "b".repeat(120), "b".repeat(100)],
  ])("%s → %s", (name, expected) => {
    expect(toEntityName(name)).toBe(expected);
  });

  it("gives null when no letter or digit is left", () => {
    expect(toEntityName("@@/--")).toBeNull();
  });
});

describe("mapServerNames", () => {
  it("reports every mapping in renamed and leaves valid names alone", () => {
    const result = mapServerNames([draft("io.github.User/weather", "/0"), draft("ok", "/1")]);
    expect(result).toEqual({
      servers: [
        { source: "/0", server: { name: "io.github.user-weather", description: "x" } },
        { source: "/1", server: { name: "ok", description: "x" } },
      ],
      renamed: [{ from: "io.github.User/weather", to: "io.github.user-weather" }],
      errors: [],
    });
  });

  it("keeps the first of two names that map to one and reports the second as an error", () => {
    const result = mapServerNames([draft("weather", "/mcpServers/weather"), draft("Weather", "/mcpServers/Weather")]);
    expect(result.servers.map(({ server }) => server.name)).toEqual(["weather"]);
    expect(result.renamed).toEqual([]);
    expect(result.errors).toEqual([
      { path: "/mcpServers/Weather/name", message: "'Weather' maps to 'weather', which 'weather' already has; rename one of them" },
    ]);
  });

  it("reports a name that appears twice, and one that cannot be mapped", () => {
    const result = mapServerNames([draft("a", "/servers/0"), draft("a", "/servers/1"), draft("%%", "/servers/2")]);
    expect(result.servers).toHaveLength(1);
    expect(result.errors).toEqual([
      { path: "/servers/1/name", message: "the name 'a' appears more than once" },
      { path: "/servers/2/name", message: "'%%' has no letter or digit to make a name from" },
    ]);
  });
});

describe("toEnvName", () => {
  it.each([
    ["github-token", "GITHUB_TOKEN"],
    ["perplexityKey", "PERPLEXITY_KEY"],
    ["io.github.user-weather_X-Api-Key", "IO_GITHUB_USER_WEATHER_X_API_KEY"],
    ["1password", "_1PASSWORD"],
    ["--", "VALUE"],
  ])("%s → %s", (text, expected) => {
    expect(toEnvName(text)).toBe(expected);
  });
});
