"use client";

import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useState } from "react";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TimeStamp } from "@/components/ui/time-stamp";
import {
  callbackMessage, canManageConnection, connectionRows, oauthConnectionsQuery, startOAuthConnect, useDisconnectOAuth, type ConnectionRow,
} from "@/lib/query/oauth";
import { environmentsQuery } from "@/lib/query/servers";

const muted = "text-slate-600 dark:text-slate-400";

/** The server's OAuth connection per environment (DESIGN §17 "Connecting"), with Connect and Disconnect where the person may. */
export function OAuthCard({ name, mode, isAdmin }: { name: string; mode: ConnectionRow["mode"]; isAdmin: boolean }) {
  const connections = useQuery(oauthConnectionsQuery(name));
  const environments = useQuery(environmentsQuery());
  const params = useSearchParams();
  const message = callbackMessage(params.get("oauth"), params.get("environment"));
  const mayManage = canManageConnection(mode, isAdmin);

  return (
    <Card title="OAuth" id="oauth">
      <div className="flex flex-col gap-3" aria-live="polite">
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
        {connections.data && environments.data ? (
          <ul className="flex flex-col gap-3">
            {connectionRows(environments.data.environments, connections.data, mode).map((row) => (
              <ConnectionItem key={`${row.environment}:${row.connected_by ?? ""}`} name={name} row={row} mayManage={mayManage} />
            ))}
          </ul>
        ) : connections.isError || environments.isError ? (
          <p className={`text-sm ${muted}`}>Could not load: {(connections.error ?? environments.error)?.message}</p>
        ) : (
          <p className={`text-sm ${muted}`}>Loading…</p>
        )}
      </div>
    </Card>
  );
}

function ConnectionItem({ name, row, mayManage }: { name: string; row: ConnectionRow; mayManage: boolean }) {
  const disconnect = useDisconnectOAuth(name);
  const [connecting, setConnecting] = useState<{ isPending: boolean; error?: string }>({ isPending: false });

  const connect = async () => {
    setConnecting({ isPending: true });
    try {
      window.location.assign(await startOAuthConnect(name, row.environment));
    } catch (error) {
      setConnecting({ isPending: false, error: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <li className="flex flex-col gap-1 text-sm" data-environment={row.environment} aria-label={`OAuth in ${row.environment}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span><span className="font-medium">{row.environment}</span>: <span data-oauth-status={row.status}>{row.status}</span></span>
        {mayManage && (
          <span className="flex gap-2">
            <Button size="sm" onClick={() => void connect()} disabled={connecting.isPending}>
              {connecting.isPending ? "Connecting…" : row.status === "never" ? "Connect" : "Reconnect"}
            </Button>
            {row.status !== "never" && (
              <Button size="sm" onClick={() => disconnect.mutate(row.environment)} disabled={disconnect.isPending}>
                {disconnect.isPending ? "Disconnecting…" : "Disconnect"}
              </Button>
            )}
          </span>
        )}
      </div>
      {row.status !== "never" && (
        <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-0.5">
          {row.scopes.length > 0 && <><dt className={muted}>Scopes</dt><dd className="break-words">{row.scopes.join(" ")}</dd></>}
          {row.step_up_scopes.length > 0 && <><dt className={muted}>Asks for</dt><dd className="break-words">{row.step_up_scopes.join(" ")} (reconnect to grant)</dd></>}
          {row.expires_at && <><dt className={muted}>Expires</dt><dd><TimeStamp iso={row.expires_at} /></dd></>}
          {row.connected_by && <><dt className={muted}>By</dt><dd>{row.connected_by}</dd></>}
          {row.connected_at && <><dt className={muted}>At</dt><dd><TimeStamp iso={row.connected_at} /></dd></>}
          {row.reason && <><dt className={muted}>Why</dt><dd className="break-words">{row.reason}</dd></>}
        </dl>
      )}
      {connecting.error && <p role="alert" className="text-red-600">Could not connect: {connecting.error}</p>}
      {disconnect.error && <p role="alert" className="text-red-600">Could not disconnect: {disconnect.error.message}</p>}
    </li>
  );
}
