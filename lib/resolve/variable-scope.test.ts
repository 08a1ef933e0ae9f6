import { describe, expect, test } from "vitest";

import { hostOfUrlTemplate, isSecureUrl, matchesHostGlob, scopeRefusal } from "./variable-scope";

describe("hostOfUrlTemplate — the host a URL as written will reach", () => {
  test.each([
    { url: "https://API.Example.com:8443/mcp", host: "api.example.com" },
    { url: "https://user:pw@api.example.com/mcp/${PATH_PART}", host: "api.example.com" },
    { url: "http://127.0.0.1:9/mcp?x={{p}}", host: "127.0.0.1" },
    { url: "https://bücher.example/mcp", host: "xn--bcher-kva.example" },
    { url: "http://[::1]:3000/mcp", host: "[::1]" },
    { url: "${BASE}/mcp", host: null, secure: false },
    { url: "https://${HOST}/mcp", host: null, secure: false },
    { url: "https://{{tenant}}.example.com/mcp", host: null, secure: false },
    { url: "https://${USERINFO}@good.example.com/", host: null, secure: false },
    { url: "https://api.example.com${SUFFIX}/mcp", host: null, secure: false },
    { url: "not a url", host: null, secure: false },
  ])("$url → $host", ({ url, host }) => {
    expect(hostOfUrlTemplate(url)).toBe(host);
  });
});

describe("matchesHostGlob", () => {
  test.each([
    { host: "api.example.com", glob: "api.example.com", matches: true },
    { host: "api.example.com", glob: "*.example.com", matches: true },
    { host: "a.b.example.com", glob: "*.example.com", matches: true },
    { host: "example.com", glob: "*.example.com", matches: false },
    { host: "evilexample.com", glob: "*.example.com", matches: false },
    { host: "example.com.evil.net", glob: "*.example.com", matches: false },
    { host: "xn--bcher-kva.example", glob: "bücher.example", matches: true },
    { host: "127.0.0.1", glob: "127.0.0.1", matches: true },
  ])("$host ~ $glob: $matches", ({ host, glob, matches }) => {
    expect(matchesHostGlob(host, glob)).toBe(matches);
  });
});

describe("isSecureUrl (DESIGN §14: host-scoped secrets go over https or to loopback)", () => {
  test.each([
    { url: "https://api.example.com/mcp", secure: true },
    { url: "HTTPS://api.example.com/mcp", secure: true },
    { url: "http://api.example.com/mcp", secure: false },
    { url: "http://127.0.0.1:8080/mcp", secure: true },
    { url: "http://127.9.8.7/mcp", secure: true },
    { url: "http://localhost:3000/mcp", secure: true },
    { url: "http://api.localhost/mcp", secure: true },
    { url: "http://[::1]:9/mcp", secure: true },
    { url: "http://127.0.0.1.evil.example/mcp", secure: false },
    { url: "http://localhost.evil.example/mcp", secure: false },
  ])("$url: $secure", ({ url, secure }) => {
    expect(isSecureUrl(url, hostOfUrlTemplate(url))).toBe(secure);
  });
});

describe("scopeRefusal", () => {
  test.each([
    { proves: "no scope admits everything", scope: undefined, target: { server: "a", host: null, secure: false }, refused: false },
    { proves: "a listed server is admitted", scope: { servers: ["a"] }, target: { server: "a", host: null, secure: false }, refused: false },
    { proves: "another server is refused", scope: { servers: ["a"] }, target: { server: "b", host: "x.example.com", secure: true }, refused: true },
    { proves: "a matching host is admitted", scope: { hosts: ["*.example.com"] }, target: { server: "b", host: "x.example.com", secure: true }, refused: false },
    { proves: "another host is refused", scope: { hosts: ["*.example.com"] }, target: { server: "b", host: "attacker.test", secure: true }, refused: true },
    { proves: "an unknown host (stdio, placeholder) is refused", scope: { hosts: ["*.example.com"] }, target: { server: "b", host: null, secure: false }, refused: true },
    { proves: "a matching host over plain http is refused (DESIGN §14)", scope: { hosts: ["*.example.com"] }, target: { server: "b", host: "x.example.com", secure: false }, refused: true },
    { proves: "a server-only scope does not care about the scheme", scope: { servers: ["b"] }, target: { server: "b", host: "x.example.com", secure: false }, refused: false },
    { proves: "both must hold: right server, wrong host", scope: { servers: ["b"], hosts: ["*.example.com"] }, target: { server: "b", host: "attacker.test", secure: true }, refused: true },
  ])("$proves", ({ scope, target, refused }) => {
    expect(scopeRefusal(scope, target) !== null).toBe(refused);
  });
});
