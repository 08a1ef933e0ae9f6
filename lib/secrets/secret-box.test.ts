import { describe, expect, test } from "vitest";

import { generateSecretKey, openSecret, sealSecret } from "./secret-box";

describe("secret box (AES-256-GCM)", () => {
  const key = generateSecretKey();

  test("a sealed value opens with the same key and slot, and holds no plaintext", () => {
    const sealed = sealSecret(key, "TOKEN/", "s3cret-value");
    expect(sealed).not.toContain("s3cret");
    expect(sealed.startsWith(`v1.${key.id}.`)).toBe(true);
    expect(openSecret(key, "TOKEN/", sealed)).toBe("s3cret-value");
  });

  test("two seals of one value differ (a fresh IV each time)", () => {
    expect(sealSecret(key, "A/", "x")).not.toBe(sealSecret(key, "A/", "x"));
  });

  test.each([
    { proves: "another slot does not open it", open: (sealed: string) => openSecret(key, "OTHER/", sealed), error: /unable to authenticate|Unsupported state/ },
    { proves: "another key is named as such", open: (sealed: string) => openSecret(generateSecretKey(), "TOKEN/", sealed), error: /sealed with key/ },
    { proves: "a flipped byte is refused", open: (sealed: string) => openSecret(key, "TOKEN/", `${sealed.slice(0, -2)}${sealed.at(-2) === "A" ? "B" : "A"}${sealed.slice(-1)}`), error: /unable to authenticate|Unsupported state/ },
  ])("$proves", ({ open, error }) => {
    expect(() => open(sealSecret(key, "TOKEN/", "s3cret-value"))).toThrow(error);
  });
});
