import { describe, expect, it } from "vitest";

import { callbackMessage, canManageConnection, connectionRows, healthLabelFor, type ConnectionRow } from "./oauth";

const stored: ConnectionRow = {
  environment: "prod", mode: "shared", status: "connected", scopes: ["read"], expires_at: "2026-11-26T11:00:00.000Z",
  connected_by: "admin", connected_at: "2026-11-26T10:00:00.000Z", reason: null, step_up_scopes: [],
};

describe("connectionRows", () => {
  it("gives every environment a row, 'never' where nothing is stored, in the registry's order", () => {
    expect(connectionRows(["dev", "prod"], [stored], "shared")).toEqual([
      { environment: "dev", mode: "shared", status: "never", scopes: [], expires_at: null, connected_by: null, connected_at: null, reason: null, step_up_scopes: [] },
      stored,
    ]);
  });

  it("keeps a connection in an environment no longer listed, so it can still be disconnected", () => {
    expect(connectionRows(["dev"], [stored], "shared").map((row) => [row.environment, row.status])).toEqual([["dev", "never"], ["prod", "connected"]]);
  });
});

describe("callbackMessage", () => {
  it("names each outcome of the callback in one line", () => {
    expect(callbackMessage("connected", "prod")).toEqual({ tone: "info", text: "Connected in prod: Patchbay now signs in to this server." });
    expect(callbackMessage("refused", "prod")).toEqual({ tone: "danger", text: "Not connected in prod: the authorization server refused consent." });
    expect(callbackMessage("failed", null)).toEqual({ tone: "danger", text: "Not connected: the sign-in failed (the connection below says why)." });
  });

  it("says nothing without an outcome, or for one it does not know", () => {
    expect(callbackMessage(null, "prod")).toBeNull();
    expect(callbackMessage("<script>", "prod")).toBeNull();
  });
});

describe("canManageConnection", () => {
  it("lets only an admin manage a shared connection, and anyone their own per_user one", () => {
    expect(canManageConnection("shared", true)).toBe(true);
    expect(canManageConnection("shared", false)).toBe(false);
    expect(canManageConnection("per_user", false)).toBe(true);
  });
});

describe("healthLabelFor", () => {
  it.each([
    ["auth_required", "shared", "Connect to check health"],
    ["auth_required", "per_user", "Each person connects"],
    ["auth_required", null, "auth required"],
    ["healthy", "shared", "healthy"],
    ["unhealthy", "per_user", "unhealthy"],
  ] as const)("%s on a server signing in %s reads %j", (status, mode, label) => {
    expect(healthLabelFor(status, status.replace("_", " "), mode)).toBe(label);
  });
});
