"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TimeStamp } from "@/components/ui/time-stamp";
import { tokensQuery, useRevokeToken } from "@/lib/query/tokens";

/** Active tokens: who, which role, when made, last used, expiry — never the token. Revoking is immediate. */
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
    <div role="region" aria-label="API tokens" tabIndex={0} className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Active API tokens</caption>
        <thead className="text-slate-600 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-2 pr-3">Name</th><th scope="col" className="pr-3">Role</th><th scope="col" className="pr-3">Prefix</th>
            <th scope="col" className="pr-3">Created</th><th scope="col" className="pr-3">Last used</th><th scope="col" className="pr-3">Expires</th>
            <th scope="col"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {tokens.data.map((token) => (
            <tr key={token.id} className="border-t border-slate-200 dark:border-slate-800">
              <td className="py-2 pr-3 font-medium">{token.name}</td>
              <td className="pr-3">{token.role}</td>
              <td className="pr-3 font-mono text-xs">{token.prefix}…</td>
              <td className="pr-3"><TimeStamp iso={token.created_at} /></td>
              <td className="pr-3">{token.last_used_at ? <TimeStamp iso={token.last_used_at} /> : "never"}</td>
              <td className="pr-3">{token.expires_at ? <TimeStamp iso={token.expires_at} /> : "never"}</td>
              <td className="py-1 text-right">
                <Button size="sm" variant="danger" disabled={revoke.isPending} onClick={() => setRevoking({ id: token.id, name: token.name })}>
                  Revoke<span className="sr-only"> {token.name}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
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
    </div>
  );
}
