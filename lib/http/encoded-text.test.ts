import zlib from "node:zlib";

import { describe, expect, it } from "vitest";

import { EncodedText, encodedTextFor } from "./encoded-text";

describe("EncodedText", () => {
  it("encodes its text as UTF-8 and gzip, each once, however often it is answered", async () => {
    const encoded = new EncodedText('{"name":"ünïcode"}');
    expect(encoded.bytes.equals(Buffer.from('{"name":"ünïcode"}', "utf8"))).toBe(true);
    expect(encoded.bytes).toBe(encoded.bytes);
    const [first, second] = await Promise.all([encoded.gzipped(), encoded.gzipped()]);
    expect(first).toBe(second);
    expect(zlib.gunzipSync(first).toString("utf8")).toBe('{"name":"ünïcode"}');
  });

  it("made from UTF-8 bytes, answers those very bytes and decodes its text only when asked", () => {
    const bytes = Buffer.from('{"result":"ünïcode"}', "utf8");
    const encoded = new EncodedText(bytes);
    expect(encoded.bytes).toBe(bytes);
    expect(encoded.text).toBe('{"result":"ünïcode"}');
  });

  it("is one per cached representation: the same holder gets the same encoding, another holder its own", () => {
    const representation = { text: "{}", etag: '"a"' };
    expect(encodedTextFor(representation, representation.text)).toBe(encodedTextFor(representation, representation.text));
    expect(encodedTextFor({ ...representation }, representation.text)).not.toBe(encodedTextFor(representation, representation.text));
  });
});
