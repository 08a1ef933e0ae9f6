import { describe, expect, it } from "vitest";

import { parseCidr, parseCidrList } from "./cidr";
import { createOutboundPolicy } from "./outbound-policy";

describe("parseCidrList", () => {
  it.each([
    ["127.0.0.0/8,::1/128", ["127.0.0.0/8", "::1/128"]],
    [" 10.0.0.0/8 , 192.168.1.7 ", ["10.0.0.0/8", "192.168.1.7/32"]],
    ["fd00::/8 2001:db8::1", ["fd00::/8", "2001:db8::1/128"]],
    ["::ffff:10.0.0.0/104", ["10.0.0.0/8"]],
    ["", []],
    [",,", []],
  ])("%j → %j", (input, expected) => {
    expect(parseCidrList(input).map((cidr) => cidr.text)).toEqual(expected);
  });

  it.each(["10.0.0.0/33", "::/129", "not-an-ip", "10.0.0.0/8/1", "10.0.0.0/x", "1.2.3/8"])("refuses %j", (input) => {
    expect(() => parseCidr(input)).toThrow(/Invalid CIDR/);
  });
});

describe("createOutboundPolicy — always refused, whatever the lists say", () => {
  const openPolicy = createOutboundPolicy({ allow: "0.0.0.0/0,::/0" });
  it.each([
    ["169.254.169.254", "cloud metadata address"],
    ["fd00:ec2::254", "cloud metadata address"],
    ["100.100.100.200", "cloud metadata address"],
    ["169.254.1.1", "link-local address"],
    ["fe80::1", "link-local address"],
    ["fe80::1%eth0", "link-local address"],
    ["febf:ffff::1", "link-local address"],
    ["0.0.0.0", "unspecified address"],
    ["::", "unspecified address"],
    ["::ffff:169.254.169.254", "cloud metadata address"],
    ["::ffff:a9fe:a9fe", "cloud metadata address"],
    ["[::ffff:0.0.0.0]", "unspecified address"],
    ["64:ff9b::169.254.169.254", "cloud metadata address"],
    ["224.0.0.1", "multicast address"],
    ["ff02::1", "multicast address"],
    ["not-an-ip", "not an IP address: not-an-ip"],
  ])("%s → refused (%s)", (ip, reason) => {
    expect(openPolicy.checkAddress(ip)).toEqual({ allowed: false, reason });
  });
});

describe("createOutboundPolicy — allow and deny lists", () => {
  const cases: Array<[string, { allow?: string; deny?: string }, string, boolean]> = [
    ["no lists: loopback passes", {}, "127.0.0.1", true],
    ["no lists: private passes", {}, "10.1.2.3", true],
    ["no lists: IPv6 loopback passes", {}, "::1", true],
    ["allow list admits its block", { allow: "127.0.0.0/8,::1/128" }, "127.0.0.5", true],
    ["allow list admits IPv6", { allow: "127.0.0.0/8,::1/128" }, "::1", true],
    ["allow list refuses the rest", { allow: "127.0.0.0/8,::1/128" }, "10.0.0.1", false],
    ["allow list refuses other IPv6", { allow: "127.0.0.0/8,::1/128" }, "::2", false],
    ["IPv4-mapped checked as IPv4 (allowed)", { allow: "127.0.0.0/8" }, "::ffff:127.0.0.1", true],
    ["IPv4-mapped hex form checked as IPv4", { allow: "127.0.0.0/8" }, "::ffff:7f00:1", true],
    ["deny wins over allow", { allow: "127.0.0.0/8", deny: "127.0.0.2/32" }, "127.0.0.2", false],
    ["deny only: others pass", { deny: "127.0.0.2" }, "127.0.0.1", true],
    ["deny matches IPv4-mapped", { deny: "10.0.0.0/8" }, "::ffff:10.9.9.9", false],
    ["deny IPv6 block", { deny: "fd00::/8" }, "fd12:3456::1", false],
    ["odd prefix boundary inside", { allow: "192.168.0.0/23" }, "192.168.1.255", true],
    ["odd prefix boundary outside", { allow: "192.168.0.0/23" }, "192.168.2.0", false],
    ["host bits in the block are ignored", { allow: "10.1.2.3/8" }, "10.200.0.1", true],
  ];
  it.each(cases)("%s", (_name, lists, ip, allowed) => {
    expect(createOutboundPolicy(lists).checkAddress(ip).allowed).toBe(allowed);
  });

  it("names the rule that decided", () => {
    const policy = createOutboundPolicy({ allow: "127.0.0.0/8", deny: "127.0.0.2/32" });
    expect(policy.checkAddress("127.0.0.2").reason).toBe("in deny list (127.0.0.2/32)");
    expect(policy.checkAddress("127.0.0.1").reason).toBe("in allow list (127.0.0.0/8)");
    expect(policy.checkAddress("10.0.0.1").reason).toBe("not in allow list");
  });

  it("remembers a decision per policy: asked again, the same answer; another policy's lists decide for it alone", () => {
    const open = createOutboundPolicy();
    const strict = createOutboundPolicy({ deny: "127.0.0.0/8" });
    expect(open.checkAddress("127.0.0.1")).toEqual({ allowed: true, reason: "no allow list; not denied" });
    expect(strict.checkAddress("127.0.0.1")).toEqual({ allowed: false, reason: "in deny list (127.0.0.0/8)" });
    expect(open.checkAddress("127.0.0.1").allowed).toBe(true);
    expect(strict.checkAddress("127.0.0.1").allowed).toBe(false);
    expect(strict.checkAddress("169.254.169.254")).toEqual({ allowed: false, reason: "cloud metadata address" });
    expect(strict.checkAddress("169.254.169.254")).toEqual({ allowed: false, reason: "cloud metadata address" });
  });

  it("a list given as blocks is copied: changing the caller's array afterwards changes no decision", () => {
    const deny = [parseCidr("10.0.0.0/8")];
    const policy = createOutboundPolicy({ deny });
    deny.length = 0;
    expect(policy.checkAddress("10.1.2.3")).toEqual({ allowed: false, reason: "in deny list (10.0.0.0/8)" });
  });
});
