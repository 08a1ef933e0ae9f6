"use client";

import { useState, useSyncExternalStore } from "react";

import { Button } from "@/components/ui/button";
import { CodeBlock } from "@/components/ui/code-block";
import { gatewayUrl, toGatewayClientFile } from "@/lib/resolve/gateway-client-file";
import type { ClientFormat } from "@/lib/schemas/agent";

const CLIENTS: { format: ClientFormat; label: string; tokenHint: string }[] = [
  { format: "claude", label: "Claude Desktop", tokenHint: "Replace the value of PATCHBAY_TOKEN with a runner token." },
  { format: "vscode", label: "VS Code", tokenHint: "VS Code asks for a runner token when it first connects." },
  { format: "cursor", label: "Cursor", tokenHint: "Set PATCHBAY_TOKEN to a runner token in Cursor's environment." },
];

const noSubscription = () => () => undefined;

/**
 * The agent's one MCP endpoint (DESIGN §12) and a config entry for it per client, the runner token left as
 * that client's own input. `environment` is the one chosen on the page, if any.
 */
export function GatewayPanel({ name, environment }: { name: string; environment?: string }) {
  const origin = useSyncExternalStore(noSubscription, () => window.location.origin, () => "");
  const [copied, setCopied] = useState<{ label: string; tokenHint: string; isCopied: boolean; file: unknown }>();
  if (!origin) return null;

  const url = gatewayUrl(origin, name, environment);
  async function copy({ format, label, tokenHint }: (typeof CLIENTS)[number]) {
    const file = toGatewayClientFile(format, `patchbay-${name}`, url);
    const isCopied = await navigator.clipboard.writeText(JSON.stringify(file, null, 2)).then(() => true, () => false);
    setCopied({ label, tokenHint, isCopied, file });
  }

  return (
    <section aria-labelledby="gateway-heading" className="flex flex-col gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
      <h3 id="gateway-heading" className="font-medium">Gateway</h3>
      <p className="text-sm">One MCP endpoint for all of this agent&apos;s tools, for runner tokens:</p>
      <CodeBlock label="Gateway URL" value={url} />
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
              {" "}{copied.tokenHint}
            </p>
            <CodeBlock label={`${copied.label} gateway config`} value={copied.file} />
          </>
        )}
      </div>
    </section>
  );
}
