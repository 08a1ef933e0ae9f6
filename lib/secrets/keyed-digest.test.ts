import { createHash } from "node:crypto";

import { afterEach, describe, expect, test, vi } from "vitest";

import { keyedDigest } from "./keyed-digest";
import { secretKeyFrom } from "./secret-box";
import * as secretKey from "./secret-key";

const key = (byte: number) => secretKeyFrom(Buffer.alloc(32, byte));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("keyedDigest", () => {
  test("under a secret key: the same text, purpose and key give the same digest, which is not the text's SHA-256", () => {
    vi.spyOn(secretKey, "getSecretKey").mockReturnValue(key(7));
    const digest = keyedDigest("approval destination", '{"type":"http"}');

    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(keyedDigest("approval destination", '{"type":"http"}')).toBe(digest);
    expect(digest).not.toBe(createHash("sha256").update('{"type":"http"}').digest("hex"));
    expect(keyedDigest("another purpose", '{"type":"http"}')).not.toBe(digest);
    expect(keyedDigest("approval destination", '{"type":"sse"}')).not.toBe(digest);
  });

  test("another key gives another digest: what nobody without the key can compute", () => {
    vi.spyOn(secretKey, "getSecretKey").mockReturnValue(key(7));
    const first = keyedDigest("approval destination", "x");
    vi.spyOn(secretKey, "getSecretKey").mockReturnValue(key(8));

    expect(keyedDigest("approval destination", "x")).not.toBe(first);
  });

  test("without a secret key: the text's SHA-256", () => {
    vi.spyOn(secretKey, "getSecretKey").mockReturnValue(null);

    expect(keyedDigest("approval destination", "x")).toBe(createHash("sha256").update("x").digest("hex"));
  });
});
