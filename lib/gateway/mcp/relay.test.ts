import { ProtocolErrorCode, type Notification } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";

import { relayingTo, upstreamProfile, type Relay } from "./relay";

/**
 * DESIGN §16: where an upstream's requests and notifications go. What an upstream sends on a session's GET stream
 * arrives in the async context of the request that opened the session; these tests play that by calling the peer
 * inside one caller's request while the session belongs to another (or to nobody).
 */
const ELICITATION = { elicitation: { form: {} } };
const QUESTION = { mode: "form", message: "BOB-PRIVATE: rotate?", requestedSchema: { type: "object", properties: {} } };
const LOG: Notification = { method: "notifications/message", params: { level: "info", data: "hello" } };

/** A relay of `caller`'s request that records what reaches it, and answers every question `{action: "accept"}`. */
function recordingRelay(caller: string | undefined) {
  const asked: unknown[] = [];
  const told: Notification[] = [];
  const relay: Relay = {
    capabilities: ELICITATION, caller,
    request: async (_method, params) => (asked.push(params), { action: "accept" }),
    notify: async (notification) => void told.push(notification),
  };
  return { relay, asked, told };
}

const ask = (profile: ReturnType<typeof upstreamProfile>) => Promise.resolve().then(() => profile.peer.onRequest("elicitation/create", QUESTION, new AbortController().signal));

describe("upstreamProfile: an upstream's requests reach a request of the sessions' own caller only", () => {
  it("a request arriving while another caller's request is served is refused (Method not found), and never reaches that request", async () => {
    const alice = recordingRelay("bearer:alice");
    const profile = upstreamProfile(ELICITATION, "auto", { caller: "bearer:bob" });

    await relayingTo(alice.relay, async () => {
      await expect(ask(profile)).rejects.toMatchObject({ code: ProtocolErrorCode.MethodNotFound, message: expect.stringContaining("Method not found: elicitation/create") });
    });
    expect(alice.asked).toEqual([]);
  });

  it("a request arriving while the owner's own request is served reaches it", async () => {
    const bob = recordingRelay("bearer:bob");
    const profile = upstreamProfile(ELICITATION, "auto", { caller: "bearer:bob" });

    await relayingTo(bob.relay, async () => expect(await ask(profile)).toEqual({ action: "accept" }));
    expect(bob.asked).toEqual([QUESTION]);
  });

  it("a relay that names no caller is no caller's: refused", async () => {
    const anonymous = recordingRelay(undefined);
    const profile = upstreamProfile(ELICITATION, "auto", { caller: "bearer:bob" });

    await relayingTo(anonymous.relay, async () => {
      await expect(ask(profile)).rejects.toMatchObject({ code: ProtocolErrorCode.MethodNotFound });
    });
    expect(anonymous.asked).toEqual([]);
  });

  it("another caller's request goes to the owning gateway session's own stream, not to the request being served", async () => {
    const alice = recordingRelay("bearer:alice");
    const stream = recordingRelay("bearer:bob");
    const profile = upstreamProfile(ELICITATION, "legacy", { caller: "bearer:bob", session: { id: "gateway-session:1", relay: stream.relay } });

    await relayingTo(alice.relay, async () => expect(await ask(profile)).toEqual({ action: "accept" }));
    expect([alice.asked, stream.asked]).toEqual([[], [QUESTION]]);
  });

  it("on shared sessions (no owner) every request is refused; notifications still reach the request being served", async () => {
    const alice = recordingRelay("bearer:alice");
    const profile = upstreamProfile(ELICITATION, "auto");

    await relayingTo(alice.relay, async () => {
      await expect(ask(profile)).rejects.toMatchObject({ code: ProtocolErrorCode.MethodNotFound });
      profile.peer.onNotification(LOG);
    });
    expect(alice.asked).toEqual([]);
    expect(alice.told).toEqual([LOG]);
  });

  it("a caller's notifications do not reach another caller's request on the sessions the first owns", async () => {
    const alice = recordingRelay("bearer:alice");
    const profile = upstreamProfile(ELICITATION, "auto", { caller: "bearer:bob" });

    await relayingTo(alice.relay, async () => profile.peer.onNotification(LOG));
    expect(alice.told).toEqual([]);
  });

  it("pool keys: two callers that declared the same relayable capabilities never share; callers that declared nothing do", () => {
    const of = (caller: string) => upstreamProfile(ELICITATION, "auto", { caller }).key;
    expect(of("bearer:alice")).not.toBe(of("bearer:bob"));
    expect(of("bearer:alice")).toBe(of("bearer:alice"));
    expect(upstreamProfile({}, "auto").key).toBe(upstreamProfile({ experimental: {} }, "auto").key);
    expect(upstreamProfile(ELICITATION, "auto", { caller: "bearer:alice" }).owned).toBe(false);
    expect(upstreamProfile(ELICITATION, "legacy", { caller: "bearer:alice", session: { id: "gateway-session:1", relay: recordingRelay("bearer:alice").relay } }).owned).toBe(true);
  });
});
