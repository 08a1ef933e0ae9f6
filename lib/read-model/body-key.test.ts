import { createHash } from "node:crypto";

import { describe, expect, test } from "vitest";

import { bodyKey } from "./body-key";

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64url");

describe("bodyKey", () => {
  test.each([
    [{ environment: "production" }, '{"environment":"production"}'],
    [{ parameters: { b: 1, a: "x" }, environment: "dev" }, '{"environment":"dev","parameters":{"a":"x","b":1}}'],
    [{ context: { tags: ["b", "a"] } }, '{"context":{"tags":["b","a"]}}'],
    [{}, "{}"],
    [undefined, "null"],
  ])("%j hashes its canonical form %s", (body, canonical) => {
    expect(bodyKey(body)).toBe(sha256(canonical));
  });

  test("key order does not matter; values and array order do", () => {
    expect(bodyKey({ a: 1, b: { c: 2, d: 3 } })).toBe(bodyKey({ b: { d: 3, c: 2 }, a: 1 }));
    expect(bodyKey({ a: 1 })).not.toBe(bodyKey({ a: 2 }));
    expect(bodyKey({ a: [1, 2] })).not.toBe(bodyKey({ a: [2, 1] }));
  });
});
