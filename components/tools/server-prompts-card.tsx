"use client";

import { useQuery } from "@tanstack/react-query";

import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { serverPromptsQuery, usePinPrompts, type ServerPrompts } from "@/lib/query/prompts";

import { DriftDetails, PinStatus } from "./pinned-set";

/**
 * The server detail page's prompts (DESIGN §16: fingerprinted and pinned like tools): what the registry's own
 * environment's last probe listed, the pin, the drift with a field-by-field diff; as the tools card does. Editors
 * (`canPin`) may pin what it lists now.
 */
export function ServerPromptsCard({ name, canPin }: { name: string; canPin: boolean }) {
  const promptset = useQuery(serverPromptsQuery(name));
  const pin = usePinPrompts(name);
  const data = promptset.data;

  return (
    <Card id="prompts" title={<span className="flex items-center gap-2">Prompts {data?.drift && <Badge tone="warning">drift</Badge>}</span>}
      actions={canPin && data?.promptset_fingerprint && data.promptset_fingerprint !== data.pinned_fingerprint
        ? <Button size="sm" onClick={() => pin.mutate(data.environment)} disabled={pin.isPending}>Pin current prompts</Button> : undefined}>
      {promptset.isError && <Alert tone="danger" title="Prompts could not be loaded">{promptset.error.message}</Alert>}
      {pin.isError && <Alert tone="danger" title="Could not pin">{pin.error.message}</Alert>}
      {data && <PromptsetBody promptset={data} />}
    </Card>
  );
}

function PromptsetBody({ promptset }: { promptset: ServerPrompts }) {
  return (
    <div className="space-y-4 text-sm">
      <PinStatus environment={promptset.environment} label="Prompts" unlisted="No prompts listed yet: test the connection to list them (a server without the prompts capability has none)."
        fingerprint={promptset.promptset_fingerprint} pinnedBy={promptset.pinned_by} pinnedAt={promptset.pinned_at} />
      {promptset.list_error && <Alert tone="warning" title="The last prompts/list failed">{promptset.list_error}</Alert>}
      {promptset.drift && <DriftDetails title="The prompts changed since they were pinned" drift={promptset.drift} />}
      {promptset.prompts.length > 0 && (
        <ul aria-label="Server prompts" className="divide-y divide-slate-100 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {promptset.prompts.map((prompt) => (
            <li key={prompt.name} className="space-y-1 px-3 py-2">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-mono text-xs font-semibold">{prompt.name}</span>
                {prompt.title && <span className="text-xs text-slate-600 dark:text-slate-400">{prompt.title}</span>}
                {prompt.pinned && <Badge>pinned</Badge>}
                {prompt.drift && <Badge tone="warning">drift</Badge>}
              </div>
              {prompt.description && <p className="text-xs text-slate-600 dark:text-slate-400">{prompt.description}</p>}
              <p className="font-mono text-xs text-slate-500 dark:text-slate-400" title="fingerprint">{prompt.fingerprint.slice(0, 12)}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
