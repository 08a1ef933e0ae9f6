"use client";

import { useState, useSyncExternalStore } from "react";

import { RequiresRole } from "@/components/roles/requires-role";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CodeBlock } from "@/components/ui/code-block";
import { gatewayUrl, toGatewayClientFile, type GatewayClientAuth } from "@/lib/resolve/gateway-client-file";
import { useMintToken, type MintedToken } from "@/lib/query/tokens";
import type { ClientFormat } from "@/lib/schemas/agent";
import { withRunnerToken } from "./with-runner-token";

const CLIENTS: { format: ClientFormat; label: string; tokenHint: string }[] = [
  { format: "claude", label: "Claude Desktop", tokenHint: "Replace <a Patchbay runner token> in PATCHBAY_AUTHORIZATION with a runner token, keeping “Bearer ” before it." },
  { format: "vscode", label: "VS Code", tokenHint: "VS Code asks for a runner token when it first connects." },
  { format: "cursor", label: "Cursor", tokenHint: "Set PATCHBAY_TOKEN to a runner token in Cursor's environment." },
];

const noSubscription = () => () => undefined;

type Copied = { label: string; hint: string; isCopied: boolean; file: unknown };

/**
 * The agent's one MCP endpoint (DESIGN §12) and a config entry for it per client. By default the config holds no
 * token: the client signs its user in through the browser when the gateway asks (OAuth, DESIGN §18). For a
 * machine without a browser, "with a runner token" leaves the token as that client's own input; an admin mints
 * one here (POST /api/tokens, admin), shown once and written into the configs copied while the page is open.
 */
export function GatewayPanel({ name, environment }: { name: string; environment?: string }) {
  const origin = useSyncExternalStore(noSubscription, () => window.location.origin, () => "");
  const [copied, setCopied] = useState<Copied>();
  const [minted, setMinted] = useState<MintedToken>();
  const [isForRunner, setIsForRunner] = useState(false);
  if (!origin) return null;

  const url = gatewayUrl(origin, name, environment);
  const auth: GatewayClientAuth = minted || isForRunner ? "runner-token" : "sign-in";
  async function copy({ format, label, tokenHint }: (typeof CLIENTS)[number]) {
    const plain = toGatewayClientFile(format, `patchbay-${name}`, url, auth);
    const file = minted ? withRunnerToken(plain, minted.token) : plain;
    const isCopied = await navigator.clipboard.writeText(JSON.stringify(file, null, 2)).then(() => true, () => false);
    const hint = minted ? `It holds the runner token '${minted.name}'.`
      : auth === "runner-token" ? tokenHint
        : `It holds no token: when Patchbay asks for one, ${format === "claude" ? "mcp-remote" : label} opens your browser to sign in and allow it.`;
    setCopied({ label, hint, isCopied, file });
  }

  return (
    <section aria-labelledby="gateway-heading" className="flex flex-col gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
      <h3 id="gateway-heading" className="font-medium">Gateway</h3>
      <p className="text-sm">One MCP endpoint for all of this agent&apos;s tools. MCP clients sign in through the browser; runners use a runner token.</p>
      <CodeBlock label="Gateway URL" value={url} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={isForRunner || Boolean(minted)} disabled={Boolean(minted)} onChange={(event) => { setIsForRunner(event.target.checked); setCopied(undefined); }} />
        Configs for a machine, with a runner token instead of the browser sign-in
      </label>
      {(isForRunner || minted) && (
        <RequiresRole role="admin" fallback={<p className="text-sm text-slate-600 dark:text-slate-400">A runner token comes from an admin: the Tokens page mints one.</p>}>
          <MintRunnerToken agent={name} minted={minted} onMinted={(token) => { setMinted(token); setCopied(undefined); }} />
        </RequiresRole>
      )}
      <div className="flex flex-wrap gap-2">
        {CLIENTS.map((client) => (
          <Button key={client.format} onClick={() => void copy(client)}>Copy gateway as {client.label} config</Button>
        ))}
      </div>
      <div aria-live="polite">
        {copied && (
          <>
            <p className="mb-2 text-sm">
              {copied.isCopied ? `${copied.label} gateway config copied to the clipboard.` : `Copy the ${copied.label} gateway config below (the clipboard was not available).`}
              {" "}{copied.hint}
            </p>
            <CodeBlock label={`${copied.label} gateway config`} value={copied.file} />
          </>
        )}
      </div>
    </section>
  );
}

/** "Mint a runner token for this agent", then the token itself, shown this once like the Tokens page shows it. */
function MintRunnerToken({ agent, minted, onMinted }: { agent: string; minted?: MintedToken; onMinted: (token: MintedToken) => void }) {
  const mint = useMintToken();
  // Token names need not be unique; the minute tells two tokens for the same agent apart on the Tokens page.
  const tokenName = () => `${agent} runner ${new Date().toISOString().slice(0, 16).replace("T", " ")}`.slice(0, 100);

  if (minted) {
    return (
      <Alert tone="warning" title={`Runner token '${minted.name}' — copy it now, it is shown only once`} isUrgent>
        <p className="mt-1 text-sm">The configs copied below hold it; revoke it on the Tokens page.</p>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <code className="rounded bg-white px-2 py-1 font-mono text-xs break-all dark:bg-slate-900" data-testid="minted-token">{minted.token}</code>
          <Button size="sm" onClick={() => void navigator.clipboard?.writeText(minted.token)}>Copy</Button>
        </div>
      </Alert>
    );
  }
  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="primary" disabled={mint.isPending} onClick={() => mint.mutate({ name: tokenName(), role: "runner" }, { onSuccess: onMinted })}>
        {mint.isPending ? "Minting…" : "Mint a runner token for this agent"}
      </Button>
      {mint.isError && <Alert tone="danger" isUrgent>{mint.error.message}</Alert>}
    </div>
  );
}
