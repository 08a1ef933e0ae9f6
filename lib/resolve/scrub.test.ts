import { describe, expect, test } from "vitest";

import { scrubSecrets, scrubThenCut, secretForms } from "./scrub";

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

/** DESIGN §14: every form an upstream may echo a secret in is replaced. */
describe("scrubSecrets: encoded forms", () => {
  const secret = "s3cr+t/é ü=&\"x|y^{}";
  test.each([
    ["raw", secret],
    ["encodeURIComponent", encodeURIComponent(secret)],
    ["encodeURI", encodeURI(secret)],
    ["a URL path as the parser writes it", new URL(`http://h/${secret}`).pathname.slice(1)],
    ["a URL query as the parser writes it", new URL(`http://h/?${secret}`).search.slice(1)],
    ["JSON-escaped", JSON.stringify(secret).slice(1, -1)],
    ["JSON-escaped, ASCII only", "s3cr+t/\\u00e9 \\u00fc=&\\\"x|y^{}"],
    ["JSON-escaped with a backslash", JSON.stringify("back\\slash-secret").slice(1, -1), "back\\slash-secret"],
  ])("%s: %s", (_label, form, planted = secret) => {
    expect(scrubSecrets(`before ${form} after`, [planted])).toBe("before •••• after");
  });

  test("the text forms of a plain secret are the secret itself (a form body writes `~` as %7E); the others are base64", () => {
    const textForms = secretForms("plain-secret_1.2~x").filter((form) => !/^[A-Za-z0-9+/_-]+=*$/.test(form) || form.includes("."));
    expect(textForms).toEqual(["plain-secret_1.2~x", "plain-secret_1.2%7Ex"]);
  });

  test.each([
    ["a form body (application/x-www-form-urlencoded)", new URLSearchParams({ s: secret }).toString().slice(2)],
    ["base64", btoa(unescape(encodeURIComponent(secret)))],
    ["base64 without padding", btoa(unescape(encodeURIComponent(secret))).replace(/=+$/, "")],
    ["base64url", btoa(unescape(encodeURIComponent(secret))).replaceAll("+", "-").replaceAll("/", "_")],
  ])("%s", (_label, form) => {
    expect(scrubSecrets(`before ${form} after`, [secret])).toBe("before •••• after");
  });

  test("inside a longer base64 text, at every byte offset, none of the characters the secret's bytes alone decide are left", () => {
    const plain = "client-secret-value-42";
    for (const before of ["", "a", "ab", "abc", "client_id:"]) {
      for (const after of ["", "x", "xy"]) {
        const encoded = btoa(`${before}${plain}${after}`);
        // Left: the groups of three bytes that hold a byte that is not the secret's (none after it when it ends the text).
        const firstWhole = Math.ceil(before.length / 3);
        const afterWhole = Math.floor((before.length + plain.length) / 3);
        const expected = `Basic ${encoded.slice(0, 4 * firstWhole)}••••${after ? encoded.slice(4 * afterWhole) : ""}`;
        expect(scrubSecrets(`Basic ${encoded}`, [plain]), `${before}|${after}`).toBe(expected);
      }
    }
  });

  test("HTTP Basic credentials given as a secret of their own are masked whole", () => {
    expect(scrubSecrets(`got Basic ${btoa("patchbay:client-secret-value-42")} here`, ["client-secret-value-42", "patchbay:client-secret-value-42"])).toBe("got Basic •••• here");
  });

  test("a whole JSON document that holds the secret no longer does", () => {
    const text = JSON.stringify({ headers: { authorization: `Bearer ${secret}` } });
    expect(scrubSecrets(text, [secret])).toBe('{"headers":{"authorization":"Bearer ••••"}}');
  });
});

describe("scrubThenCut", () => {
  const secret = "tok-0123456789abcdef";
  test("a secret across the cut leaves none of its characters, at every offset", () => {
    for (let offset = 0; offset <= 40; offset++) {
      const text = `${"x".repeat(offset)}${secret}${"y".repeat(40)}`;
      const cut = scrubThenCut(text, [secret], 30);
      expect(cut.length).toBeLessThanOrEqual(30);
      for (let length = 4; length <= secret.length; length++) expect(cut, `offset ${offset}`).not.toContain(secret.slice(0, length));
    }
  });

  test("an encoded secret across the cut too", () => {
    const encoded = "a/b c+d=e&f";
    for (let offset = 0; offset <= 30; offset++) {
      const cut = scrubThenCut(`${"x".repeat(offset)}${encodeURIComponent(encoded)}`, [encoded], 25);
      expect(cut).not.toContain("a%2Fb");
    }
  });

  test("short text is left as it is; long text is cut after scrubbing", () => {
    expect(scrubThenCut("short", ["secret-1"], 10)).toBe("short");
    expect(scrubThenCut("secret-1 and more text", ["secret-1"], 10)).toBe("•••• and m");
  });
});

describe("scrubThenCut of a text that was itself cut at its end (a capped read)", () => {
  const secret = "tok-0123456789abcdef";
  test.each([4, 5, 10, 19])("the first %i characters of a secret at the very end are dropped", (length) => {
    const text = `body ${secret.slice(0, length)}`;
    expect(scrubThenCut(text, [secret], 200, { endsCut: true })).toBe("body ");
    expect(scrubThenCut(text, [secret], 200)).toBe(text);
  });

  test("an encoded start too, and one whose last character the cut split in its bytes", () => {
    expect(scrubThenCut(`x ${encodeURIComponent("a/b c+d=e&f").slice(0, 7)}`, ["a/b c+d=e&f"], 200, { endsCut: true })).toBe("x ");
    expect(scrubThenCut("x sécr\uFFFD", ["sécrét-value"], 200, { endsCut: true })).toBe("x ");
  });

  test("tidy runs after scrubbing: a secret with a run of spaces is masked before whitespace collapses", () => {
    const spaced = "two  spaces-secret";
    expect(scrubThenCut(`a\n\n${spaced}\tb`, [spaced], 200, { tidy: (text) => text.replace(/\s+/g, " ") })).toBe("a •••• b");
  });
});
