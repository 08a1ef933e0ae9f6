import { describe, expect, test } from "vitest";

import { scrubSecrets } from "./scrub";

describe("scrubSecrets", () => {
  test.each([
    { proves: "a secret inside a reason is masked", value: { reason: "HTTP 401: bad token s3cret-abc" }, secrets: ["s3cret-abc"], expected: { reason: "HTTP 401: bad token ••••" } },
    { proves: "every occurrence, at any depth, in arrays too", value: { a: ["x s3cr x s3cr"], b: { c: "s3cr" } }, secrets: ["s3cr"], expected: { a: ["x •••• x ••••"], b: { c: "••••" } } },
    { proves: "a secret containing another is masked whole", value: "key=abcdef-long", secrets: ["abcd", "abcdef-long"], expected: "key=••••" },
    { proves: "values shorter than four characters are left alone", value: "on 1 abc", secrets: ["on", "1", "abc"], expected: "on 1 abc" },
    { proves: "numbers, booleans and null pass through", value: { n: 1, b: true, z: null }, secrets: ["s3cret"], expected: { n: 1, b: true, z: null } },
  ])("$proves", ({ value, secrets, expected }) => {
    expect(scrubSecrets(value, secrets)).toEqual(expected);
  });
});
