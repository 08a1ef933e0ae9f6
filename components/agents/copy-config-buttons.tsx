"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CodeBlock } from "@/components/ui/code-block";
import { clientFileQuery } from "@/lib/query/agents";
import type { ClientFormat } from "@/lib/schemas/agent";

const CLIENTS: { format: ClientFormat; label: string }[] = [
  { format: "claude", label: "Claude Desktop" },
  { format: "vscode", label: "VS Code" },
  { format: "cursor", label: "Cursor" },
];

type Copied = { format: ClientFormat; label: string; isCopied: boolean; environment: string };

/**
 * Fetches one client's config file, puts it on the clipboard, and shows it (the clipboard may be refused).
 * The preview is a query on the chosen environment, so switching the environment shows that environment's file.
 */
export function CopyConfigButtons({ name, environment }: { name: string; environment: string }) {
  const queryClient = useQueryClient();
  const [copied, setCopied] = useState<Copied>();
  const [error, setError] = useState<string>();
  const preview = useQuery({ ...clientFileQuery(name, { environment }, copied?.format ?? "claude"), enabled: copied !== undefined });

  async function copy(format: ClientFormat, label: string) {
    setError(undefined);
    try {
      const file = await queryClient.fetchQuery(clientFileQuery(name, { environment }, format));
      const isCopied = await navigator.clipboard.writeText(JSON.stringify(file, null, 2)).then(() => true, () => false);
      setCopied({ format, label, isCopied, environment });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  }

  const isSameEnvironment = copied?.environment === environment;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        {CLIENTS.map(({ format, label }) => (
          <Button key={format} onClick={() => void copy(format, label)}>Copy as {label} config</Button>
        ))}
      </div>
      <div aria-live="polite">
        {error && <Alert tone="danger" isUrgent>{error}</Alert>}
        {copied && (
          <>
            <p className="mb-2 text-sm">
              {!isSameEnvironment ? `The ${copied.label} config for ${environment} (copy it again to put this one on the clipboard).`
                : copied.isCopied ? `${copied.label} config copied to the clipboard.` : `Copy the ${copied.label} config below (the clipboard was not available).`}
            </p>
            {preview.isError ? <Alert tone="danger" isUrgent>{preview.error.message}</Alert>
              : preview.data !== undefined ? <CodeBlock label={`${copied.label} config`} value={preview.data} />
              : <p className="text-sm text-slate-600 dark:text-slate-400">Resolving…</p>}
          </>
        )}
      </div>
    </div>
  );
}
