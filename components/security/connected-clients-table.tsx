"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { CellLabel, FOLDING_CELL as cell, FoldingRow, FoldingTable } from "@/components/ui/folding-table";
import { TimeStamp } from "@/components/ui/time-stamp";
import { connectedClientsQuery, useRevokeConnectedClient } from "@/lib/query/connected-clients";
import type { ConnectedClient } from "@/lib/schemas/connected-clients";

const KNOWN_BY: Record<ConnectedClient["known_by"], string> = {
  "metadata-document": "its metadata document",
  "self-registered": "registered itself (unchecked)",
};

/**
 * The MCP clients the signed-in person allowed on the consent page (DESIGN §18), their own only: which gateways,
 * since when, until when — never a token; each a card on a phone. Revoking signs the client out of every gateway at once.
 */
export function ConnectedClientsTable() {
  const clients = useQuery(connectedClientsQuery());
  const revoke = useRevokeConnectedClient();
  const [revoking, setRevoking] = useState<{ grantId: string; name: string }>();

  function close() {
    setRevoking(undefined);
    revoke.reset();
  }

  if (clients.isPending) return <p role="status">Loading connected clients…</p>;
  if (clients.isError) return <Alert tone="danger" title="Connected clients could not be loaded">{clients.error.message}</Alert>;

  if (clients.data.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">MCP clients you allowed on the consent page appear here; revoking one signs it out of every gateway at once.</p>;
  }

  return (
    <>
      <FoldingTable caption="Connected MCP clients" columns={["Client", "Known by", "Gateways", "Granted", "Last used", "Expires"]} hasActions>
        {clients.data.map((client) => (
          <FoldingRow key={client.grant_id} name={<span className="break-words">{client.client_name}</span>} actions={
            <Button size="sm" variant="danger" disabled={revoke.isPending} onClick={() => setRevoking({ grantId: client.grant_id, name: client.client_name })}>
              Revoke<span className="sr-only"> {client.client_name}</span>
            </Button>
          }>
            <td className={cell}><CellLabel>Known by</CellLabel>{KNOWN_BY[client.known_by]}</td>
            <td className={`${cell} font-mono text-xs break-all`}>
              <CellLabel>Gateways</CellLabel>
              {client.gateways.length ? client.gateways.map((url) => <span key={url} className="block">{gatewayPath(url)}</span>) : "none"}
            </td>
            <td className={cell}><CellLabel>Granted</CellLabel><TimeStamp iso={client.granted_at} /></td>
            <td className={cell}><CellLabel>Last used</CellLabel>{client.last_used_at ? <TimeStamp iso={client.last_used_at} /> : "never"}</td>
            <td className={cell}><CellLabel>Expires</CellLabel><TimeStamp iso={client.expires_at} /></td>
          </FoldingRow>
        ))}
      </FoldingTable>
      <Dialog open={revoking !== undefined} onClose={close} title={`Revoke ${revoking?.name ?? ""}?`} actions={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button variant="danger" disabled={revoke.isPending} onClick={() => revoking && revoke.mutate(revoking.grantId, { onSuccess: close })}>
            {revoke.isPending ? "Revoking…" : "Revoke client"}
          </Button>
        </>
      }>
        <p>The client is signed out of every gateway at once: its access and refresh tokens stop working. To use Patchbay again it must ask you on the consent page.</p>
        <div aria-live="polite">
          {revoke.isError && <Alert tone="danger" isUrgent className="mt-3">{revoke.error.message}</Alert>}
        </div>
      </Dialog>
    </>
  );
}

/** The gateways are this Patchbay's own: their path says which (`/mcp/agents/<name>`). */
function gatewayPath(url: string): string {
  return URL.canParse(url) ? new URL(url).pathname : url;
}
