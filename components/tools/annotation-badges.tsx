import { Badge } from "@/components/ui/badge";

const LABELS: Record<string, string> = { readOnlyHint: "read-only", destructiveHint: "destructive", idempotentHint: "idempotent", openWorldHint: "open world" };

/** The hints a server declared true; MCP says they are untrusted, and the label says who claims them. */
export function AnnotationBadges({ annotations }: { annotations: Record<string, unknown> | null }) {
  const hints = Object.entries(annotations ?? {}).filter(([, value]) => value === true).map(([key]) => key);
  if (hints.length === 0) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span className="text-xs text-slate-600 dark:text-slate-400">declared by the server:</span>
      {hints.map((hint) => <Badge key={hint} tone={hint === "destructiveHint" ? "danger" : "neutral"}>{LABELS[hint] ?? hint}</Badge>)}
    </span>
  );
}
