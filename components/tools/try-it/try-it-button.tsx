"use client";

import { useState } from "react";

import { useRole } from "@/components/roles/role-context";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { TryVia } from "@/lib/query/try-tool";

import { TryItForm } from "./try-it-form";

type TryItButtonProps = { server: string; tool: string; source: string; environment?: string };

/**
 * "Try it" for one tool: a dialog with a form built from its input schema, calling through the call pipeline the
 * caller's role is allowed — a runner's (and admin's) POST /api/invoke, an editor's tool call — so tool_policy,
 * approvals, the drift gate and redaction apply as to any call, and the call is logged. A viewer may call
 * nothing: no button.
 */
export function TryItButton({ server, tool, source, environment }: TryItButtonProps) {
  const { can } = useRole();
  const [isOpen, setOpen] = useState(false);
  const via: TryVia | null = can("runner") ? "invoke" : can("editor") ? "editor" : null;
  if (!via) return null;

  return (
    <>
      <Button size="sm" aria-label={`Try it: ${tool}`} onClick={() => setOpen(true)}>Try it</Button>
      <Dialog open={isOpen} onClose={() => setOpen(false)} size="lg" title={<>Try <code>{tool}</code> on {server}</>}
        actions={<Button onClick={() => setOpen(false)}>Close</Button>}>
        <TryItForm server={server} tool={tool} source={source} environment={environment} via={via} />
      </Dialog>
    </>
  );
}
