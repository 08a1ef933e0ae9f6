import { describe, expect, test } from "vitest";

import { findLiteralSecrets, literalSecretValues, maskLiteralSecrets } from "./literal-secrets";
import { maskDestination } from "./masked-destination";
import { keepMaskedValues } from "./masked-values";
import { movedLiteralSecrets } from "./secret-destinations";
import type { ResolvedConfig } from "./types";
import { keepMaskedUrlSecrets, maskUrlSecrets, urlSecrets } from "./url-secrets";

const URL_WITH_SECRETS = "http://alice:SECRET-4@127.0.0.1:8080/mcp?access_token=SECRET-5&team=core&api_key=SECRET-6#top";

describe("literal secrets written into a URL (DESIGN §7)", () => {
  test("the password and the secret-looking query values are found, named by their place", () => {
    expect(urlSecrets(URL_WITH_SECRETS).map(({ place, value }) => [place, value])).toEqual([
      ["password", "SECRET-4"], ["query.access_token", "SECRET-5"], ["query.api_key", "SECRET-6"],
    ]);
  });

  test.each([
    ["a user without a password", "http://alice@h.example/mcp"],
    ["a placeholder password", "http://alice:${PASSWORD}@h.example/mcp"],
    ["placeholder query values", "http://h.example/mcp?token=${TOKEN}&key={{key}}"],
    ["an ordinary parameter", "http://h.example/mcp?team=core&page=2"],
    ["a secret-looking name without a value", "http://h.example/mcp?token&key="],
    ["a host that is a placeholder", "${BASE}/mcp?team=core"],
  ])("none in %s", (_what, url) => {
    expect(urlSecrets(url)).toEqual([]);
    expect(maskUrlSecrets(url)).toBe(url);
  });

  test("a literal beside a placeholder is one: found whole, masked whole, its literal part scrubbed", () => {
    const url = "http://alice:${PW}x9@h.example/mcp?api_key=${TENANT}-k1&token=${A}:${B}";
    expect(urlSecrets(url).map(({ place, value }) => [place, value])).toEqual([["password", "${PW}x9"], ["query.api_key", "${TENANT}-k1"]]);
    expect(maskUrlSecrets(url)).toBe("http://alice:••••@h.example/mcp?api_key=••••&token=${A}:${B}");
    expect(literalSecretValues({ transport: { type: "http", url } })).toEqual(["x9", "-k1"]);
  });

  test("masking keeps the rest of the URL as written, placeholders included, and a valid URL", () => {
    expect(maskUrlSecrets(URL_WITH_SECRETS)).toBe("http://alice:••••@127.0.0.1:8080/mcp?access_token=••••&team=core&api_key=••••#top");
    expect(maskUrlSecrets("http://u:p%40ss@${HOST}/x?Token=a&token=b")).toBe("http://u:••••@${HOST}/x?Token=••••&token=••••");
    expect(() => new URL(maskUrlSecrets(URL_WITH_SECRETS))).not.toThrow();
  });

  test("a definition's URLs — the base and every environment's — are masked and their values scrubbed, as written and decoded", () => {
    const server = { name: "s", transport: { type: "http", url: URL_WITH_SECRETS }, environments: { prod: { url: "https://h.example/mcp?key=a%2Bb%20c" } } };
    const masked = maskLiteralSecrets(server);
    expect(masked.transport.url).toBe("http://alice:••••@127.0.0.1:8080/mcp?access_token=••••&team=core&api_key=••••#top");
    expect(masked.environments.prod.url).toBe("https://h.example/mcp?key=••••");
    expect(server.transport.url).toBe(URL_WITH_SECRETS);
    expect(literalSecretValues(server)).toEqual(["SECRET-4", "SECRET-5", "SECRET-6", "a%2Bb%20c", "a+b c"]);
    expect(findLiteralSecrets(server).map(({ path, message }) => `${path}: ${message.split(" looks")[0]}`)).toEqual([
      "/transport/url: the password in the URL", "/transport/url: 'access_token' in the URL", "/transport/url: 'api_key' in the URL", "/environments/prod/url: 'key' in the URL",
    ]);
  });
});

describe("a masked URL sent back means unchanged", () => {
  const stored = URL_WITH_SECRETS;

  test("each masked value takes the stored one at its place; what else changed stays", () => {
    expect(keepMaskedUrlSecrets("http://alice:••••@127.0.0.1:8080/v2?api_key=••••&access_token=••••", stored))
      .toBe("http://alice:SECRET-4@127.0.0.1:8080/v2?api_key=SECRET-6&access_token=SECRET-5");
    expect(keepMaskedValues({ transport: { url: maskUrlSecrets(stored) } }, { transport: { url: stored } })).toEqual({ value: { transport: { url: stored } }, errors: [] });
  });

  test("a mask at a place where nothing secret is stored is refused", () => {
    expect(keepMaskedUrlSecrets("http://127.0.0.1:8080/mcp?other_token=••••", stored)).toBeNull();
    expect(keepMaskedUrlSecrets("http://bob:••••@127.0.0.1:8080/mcp", "http://127.0.0.1:8080/mcp")).toBeNull();
    expect(keepMaskedValues({ url: "http://h.example/?secret=••••" }, { url: "http://h.example/" }).errors).toEqual([
      { path: "/url", message: "is masked (••••) where the stored URL holds no secret to keep" },
    ]);
  });
});

describe("secrets written into a URL stay where they were written (DESIGN §14)", () => {
  const server = (url: string) => ({ name: "s", transport: { type: "http", url } });

  test.each<{ proves: string; before: string; after: string; supplied: unknown; moved: string[] }>([
    { proves: "another origin keeping the password and the token names them", before: stored(), after: "http://alice:SECRET-4@evil.test/mcp?access_token=SECRET-5", supplied: server("http://alice:••••@evil.test/mcp?access_token=••••"), moved: ["url.password", "url.query.access_token"] },
    { proves: "a restore supplies nothing", before: stored(), after: "http://alice:SECRET-4@evil.test/mcp?access_token=SECRET-5", supplied: null, moved: ["url.password", "url.query.access_token"] },
    { proves: "typed anew they may go anywhere", before: stored(), after: "http://alice:SECRET-4@evil.test/mcp?access_token=SECRET-5", supplied: server("http://alice:SECRET-4@evil.test/mcp?access_token=SECRET-5"), moved: [] },
    { proves: "another path on the same origin is no move", before: stored(), after: "http://alice:SECRET-4@127.0.0.1:8080/v2?access_token=SECRET-5", supplied: null, moved: [] },
    { proves: "another password alone is no move", before: stored(), after: "http://alice:other@127.0.0.1:8080/mcp", supplied: null, moved: [] },
  ])("$proves", ({ before, after, supplied, moved }) => {
    expect(movedLiteralSecrets(server(before), server(after), supplied)).toEqual(moved);
  });

  test("a base URL's secrets do not reach an environment that sets its own URL; the environment's own are named under it", () => {
    const before = { ...server(stored()), environments: { prod: { url: "https://p.example/mcp?key=k-123" } } };
    const after = { ...server(stored()), environments: { prod: { url: "https://evil.test/mcp?key=k-123" } } };
    expect(movedLiteralSecrets(before, after, null)).toEqual(["environments.prod.url.query.key"]);
  });

  function stored() {
    return "http://alice:SECRET-4@127.0.0.1:8080/mcp?access_token=SECRET-5";
  }
});

describe("where a tool call goes, as an approval shows it", () => {
  test("a URL's password and token are masked in the destination, as literal header secrets are", () => {
    const destination = maskDestination({ type: "http", url: URL_WITH_SECRETS, headers: { "X-Api-Key": "k-12345" } } as ResolvedConfig, []);
    expect(JSON.stringify(destination)).not.toMatch(/SECRET-|k-12345/);
    expect(destination).toEqual({ type: "http", url: "http://alice:••••@127.0.0.1:8080/mcp?access_token=••••&team=core&api_key=••••#top", headers: { "X-Api-Key": "••••" } });
  });
});
