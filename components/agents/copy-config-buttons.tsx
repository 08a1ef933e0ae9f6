"use client";

import { useState } from "react";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CodeBlock } from "@/components/ui/code-block";
import { documentPath } from "@/lib/query/document-queries";
import { AGENT } from "@/lib/query/agent-queries";
import { fetchJson } from "@/lib/query/fetch-json";
import type { ClientFormat } from "@/lib/schemas/agent";

const CLIENTS: { format: ClientFormat; label: string }[] = [
  { format: "claude", label: "Claude Desktop" },
  { format: "vscode", label: "VS Code" },
  { format: "cursor", label: "Cursor" },
];

type Copied = { label: string; file: unknown; isCopied: boolean };

/** Fetches one client's config file, puts it on the clipboard, and shows it (the clipboard may be refused). */
export function CopyConfigButtons({ name, environment }: { name: string; environment: string }) {
  const [copied, setCopied] = useState<Copied>();
  const [error, setError] = useState<string>();

  async function copy(format: ClientFormat, label: string) {
    setError(undefined);
    try {
      const file = await fetchJson<unknown>(`${documentPath(AGENT, name)}/blueprint?format=${format}`, { method: "POST", json: { environment } });
      const isCopied = await navigator.clipboard.writeText(JSON.stringify(file, null, 2)).then(() => true, () => false);
      setCopied({ label, file, isCopied });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  }

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
            <p className="mb-2 text-sm">{copied.isCopied ? `${copied.label} config copied to the clipboard.` : `Copy the ${copied.label} config below (the clipboard was not available).`}</p>
            <CodeBlock label={`${copied.label} config`} value={copied.file} />
          </>
        )}
      </div>
    </div>
  );
}
