import { describe, expect, test } from "vitest";

import { guardRequest, guardSettingProblems, guardSettingsFrom } from "./request-guard.mjs";

type Socket = { localAddress?: string; localPort?: number; remoteAddress?: string; encrypted?: boolean };
const LOOPBACK: Socket = { localAddress: "127.0.0.1", localPort: 3000, remoteAddress: "127.0.0.1" };
const LAN: Socket = { localAddress: "10.1.2.3", localPort: 3000, remoteAddress: "10.9.9.9" };

function guard(env: Record<string, string>, headers: Record<string, string>, socket: Socket = LOOPBACK) {
  const request = { headers: { ...headers } as Record<string, string | undefined>, socket };
  const refusal = guardRequest(request, guardSettingsFrom(env));
  return { status: refusal?.status ?? 0, headers: request.headers };
}

describe("the request guard (DESIGN §14)", () => {
  test.each([
    ["x/v0.1/servers/fetch/versions/latest#", 400],
    ["a b", 400],
    ["x@y", 400],
    ["[::1", 400],
    ["x:99999999", 400],
    ["", 400],
    ["localhost:3000", 0],
    ["app.localhost", 0],
    ["127.9.9.9:1", 0],
    ["[::1]:3000", 0],
    ["rebind.evil.example", 421],
    ["LOCALHOST", 0],
  ])("on loopback, Host %j → %i", (host, status) => {
    expect(guard({}, { host }).status).toBe(status);
  });

  test("off loopback with authentication on, any well-formed Host is answered, but the origin is the arrival address", () => {
    const { status, headers } = guard({}, { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" }, LAN);
    expect(status).toBe(0);
    expect(headers).toMatchObject({ host: "10.1.2.3:3000", "x-forwarded-host": "10.1.2.3:3000", "x-forwarded-proto": "http", "x-forwarded-port": "3000", "x-forwarded-for": "10.9.9.9" });
  });

  test("with PATCHBAY_AUTH=off, the host rule holds off loopback too", () => {
    expect(guard({ PATCHBAY_AUTH: "off" }, { host: "evil.example" }, LAN).status).toBe(421);
    expect(guard({ PATCHBAY_AUTH: "off", PATCHBAY_ALLOWED_HOSTS: "dev.box" }, { host: "dev.box:3000" }, LAN).status).toBe(0);
  });

  test("PATCHBAY_PUBLIC_URL is every request's origin", () => {
    const { headers } = guard({ PATCHBAY_PUBLIC_URL: "https://patchbay.example.com" }, { host: "localhost:3000" });
    expect(headers).toMatchObject({ host: "patchbay.example.com", "x-forwarded-proto": "https", "x-forwarded-port": "443" });
    expect(guard({ PATCHBAY_PUBLIC_URL: "https://patchbay.example.com" }, { host: "patchbay.example.com" }).status).toBe(0);
  });

  test("X-Forwarded-For is the TCP peer unless the peer is a trusted proxy; then the last untrusted hop", () => {
    expect(guard({}, { host: "localhost", "x-forwarded-for": "1.2.3.4" }).headers["x-forwarded-for"]).toBe("127.0.0.1");
    const trusted = { PATCHBAY_TRUSTED_PROXIES: "127.0.0.0/8, 10.0.0.0/8" };
    expect(guard(trusted, { host: "localhost", "x-forwarded-for": "6.6.6.6, 1.2.3.4, 10.0.0.5" }).headers["x-forwarded-for"]).toBe("1.2.3.4");
    expect(guard(trusted, { host: "localhost", "x-forwarded-for": "not-an-address" }).headers["x-forwarded-for"]).toBe("127.0.0.1");
    expect(guard(trusted, { host: "localhost", "x-forwarded-proto": "https" }).headers["x-forwarded-proto"]).toBe("https");
    expect(guard({}, { host: "localhost", "x-forwarded-proto": "https" }).headers["x-forwarded-proto"]).toBe("http");
  });

  test("bad settings are named", () => {
    expect(guardSettingProblems({ PATCHBAY_PUBLIC_URL: "https://x.example/path", PATCHBAY_ALLOWED_HOSTS: "a.example:80", PATCHBAY_TRUSTED_PROXIES: "10.0.0.0/33" })).toEqual([
      expect.stringContaining("PATCHBAY_PUBLIC_URL"),
      expect.stringContaining("'a.example:80'"),
      expect.stringContaining("'10.0.0.0/33'"),
    ]);
    expect(guardSettingProblems({ PATCHBAY_PUBLIC_URL: "https://x.example", PATCHBAY_ALLOWED_HOSTS: "a.example,[::1]", PATCHBAY_TRUSTED_PROXIES: "10.0.0.0/8,::1" })).toEqual([]);
  });
});
