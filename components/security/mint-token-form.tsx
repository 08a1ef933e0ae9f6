"use client";

import { useState, type FormEvent } from "react";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { isProblem } from "@/lib/query/fetch-json";
import { useMintToken, type MintedToken } from "@/lib/query/tokens";

const ROLES = ["viewer", "runner", "editor", "admin"] as const;

/** Mints a token and shows it exactly once, with a copy button; it cannot be seen again. */
export function MintTokenForm() {
  const mint = useMintToken();
  const [name, setName] = useState("");
  const [role, setRole] = useState<(typeof ROLES)[number]>("viewer");
  const [expiresOn, setExpiresOn] = useState("");
  const [minted, setMinted] = useState<MintedToken | null>(null);
  const fieldError = (path: string) => (isProblem(mint.error, 400) ? mint.error.problem.errors?.find((error) => error.path === path)?.message : undefined);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const expires_at = expiresOn ? new Date(`${expiresOn}T23:59:59Z`).toISOString() : null;
    mint.mutate({ name: name.trim(), role, expires_at }, { onSuccess: (token) => { setMinted(token); setName(""); } });
  }

  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
        <Field id="token-name" label="Name" required error={fieldError("/name")}>
          {(control) => <Input {...control} value={name} onChange={(event) => setName(event.target.value)} placeholder="ci-runner" required />}
        </Field>
        <Field id="token-role" label="Role">
          {(control) => (
            <Select {...control} value={role} onChange={(event) => setRole(event.target.value as (typeof ROLES)[number])}>
              {ROLES.map((option) => <option key={option} value={option}>{option}</option>)}
            </Select>
          )}
        </Field>
        <Field id="token-expires" label="Expires on" hint="optional" error={fieldError("/expires_at")}>
          {(control) => <Input {...control} type="date" value={expiresOn} onChange={(event) => setExpiresOn(event.target.value)} />}
        </Field>
        <Button type="submit" variant="primary" disabled={mint.isPending || name.trim() === ""}>{mint.isPending ? "Minting…" : "Mint token"}</Button>
      </form>
      {mint.isError && !isProblem(mint.error, 400) && <Alert tone="danger" isUrgent>{mint.error.message}</Alert>}
      {minted && (
        <Alert tone="warning" title={`Token '${minted.name}' (${minted.role}) — copy it now, it is shown only once`} isUrgent>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code className="rounded bg-white px-2 py-1 font-mono text-xs break-all dark:bg-slate-900" data-testid="minted-token">{minted.token}</code>
            <Button size="sm" onClick={() => void navigator.clipboard?.writeText(minted.token)}>Copy</Button>
            <Button size="sm" variant="ghost" onClick={() => setMinted(null)}>Done</Button>
          </div>
        </Alert>
      )}
    </div>
  );
}
