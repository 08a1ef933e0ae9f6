import { describe, expect, test } from "vitest";

import { mapConfigStrings, toClientConfig } from "./client-config";
import type { ResolvedConfig } from "./types";

describe("toClientConfig", () => {
  test.each([
    {
      proves: "http keeps url and headers, in that order, and drops stdio fields",
      type: "http" as const,
      fields: { headers: { A: "1" }, command: "node", url: "http://a/", type: "http" },
      expected: { type: "http", url: "http://a/", headers: { A: "1" } },
    },
    {
      proves: "sse drops empty headers",
      type: "sse" as const,
      fields: { url: "http://a/sse", headers: {} },
      expected: { type: "sse", url: "http://a/sse" },
    },
    {
      proves: "stdio keeps command, args, env in that order and drops url fields",
      type: "stdio" as const,
      fields: { env: { A: "1" }, args: ["x"], url: "http://a/", command: "node" },
      expected: { type: "stdio", command: "node", args: ["x"], env: { A: "1" } },
    },
    {
      proves: "stdio drops empty args and env",
      type: "stdio" as const,
      fields: { command: "node", args: [], env: {} },
      expected: { type: "stdio", command: "node" },
    },
  ])("$proves", ({ type, fields, expected }) => {
    const config = toClientConfig(type, fields);

    expect(config).toEqual(expected);
    expect(Object.keys(config)).toEqual(Object.keys(expected));
  });
});

describe("mapConfigStrings", () => {
  test.each<{ proves: string; config: ResolvedConfig; paths: string[] }>([
    {
      proves: "visits url and header values (not header names) by JSON path",
      config: { type: "http", url: "u", headers: { Authorization: "a", "X-Namespace": "n" } },
      paths: ["/url", "/headers/Authorization", "/headers/X-Namespace"],
    },
    {
      proves: "visits command, every arg and env values by JSON path",
      config: { type: "stdio", command: "c", args: ["a", "b"], env: { TOKEN: "t" } },
      paths: ["/command", "/args/0", "/args/1", "/env/TOKEN"],
    },
    {
      proves: "escapes ~ and / in keys per RFC 6901",
      config: { type: "http", url: "u", headers: { "a/b~c": "v" } },
      paths: ["/url", "/headers/a~1b~0c"],
    },
  ])("$proves", ({ config, paths }) => {
    const visited: string[] = [];

    const mapped = mapConfigStrings(config, (value, path) => {
      visited.push(path);
      return value.toUpperCase();
    });

    expect(visited).toEqual(paths);
    expect(JSON.stringify(mapped)).not.toBe(JSON.stringify(config));
  });
});
