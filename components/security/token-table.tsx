"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { CellLabel, FOLDING_CELL as cell, FoldingRow, FoldingTable } from "@/components/ui/folding-table";
import { TimeStamp } from "@/components/ui/time-stamp";
import { tokensQuery, useRevokeToken } from "@/lib/query/tokens";

/** Active tokens: who, which role, when made, last used, expiry — never the token; each a card on a phone. Revoking is immediate. */
export function TokenTable() {
  const tokens = useQuery(tokensQuery());
  const revoke = useRevokeToken();
  const [revoking, setRevoking] = useState<{ id: string; name: string }>();

  function close() {
    setRevoking(undefined);
    revoke.reset();
  }

  if (tokens.isPending) return <p role="status">Loading tokens…</p>;
  if (tokens.isError) return <Alert tone="danger" title="Tokens could not be loaded">{tokens.error.message}</Alert>;

  if (tokens.data.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">No active tokens. Tokens minted above for people and runners are listed here until they expire or are revoked.</p>;
  }

  return (
    <>
      <FoldingTable caption="Active API tokens" columns={["Name", "Role", "Prefix", "Created", "Last used", "Expires"]} hasActions>
        {tokens.data.map((token) => (
          <FoldingRow key={token.id} name={token.name} actions={
            <Button size="sm" variant="danger" disabled={revoke.isPending} onClick={() => setRevoking({ id: token.id, name: token.name })}>
              Revoke<span className="sr-only"> {token.name}</span>
            </Button>
          }>
            <td className={cell}><CellLabel>Role</CellLabel>{token.role}</td>
            <td className={`${cell} font-mono text-xs`}>{token.prefix}…</td>
            <td className={cell}><CellLabel>Created</CellLabel><TimeStamp iso={token.created_at} /></td>
            <td className={cell}><CellLabel>Last used</CellLabel>{token.last_used_at ? <TimeStamp iso={token.last_used_at} /> : "never"}</td>
            <td className={cell}><CellLabel>Expires</CellLabel>{token.expires_at ? <TimeStamp iso={token.expires_at} /> : "never"}</td>
          </FoldingRow>
        ))}
      </FoldingTable>
      <Dialog open={revoking !== undefined} onClose={close} title={`Revoke ${revoking?.name ?? ""}?`} actions={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button variant="danger" disabled={revoke.isPending} onClick={() => revoking && revoke.mutate(revoking.id, { onSuccess: close })}>
            {revoke.isPending ? "Revoking…" : "Revoke token"}
          </Button>
        </>
      }>
        <p>Everything using this token stops working at once. This can not be undone.</p>
        <div aria-live="polite">
          {revoke.isError && <Alert tone="danger" isUrgent className="mt-3">{revoke.error.message}</Alert>}
        </div>
      </Dialog>
    </>
  );
}
