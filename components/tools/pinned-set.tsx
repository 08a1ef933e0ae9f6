import { Alert } from "@/components/ui/alert";
import { DiffView } from "@/components/ui/diff-view";
import { TimeStamp } from "@/components/ui/time-stamp";
import { diffJson } from "@/lib/diff/line-diff";

/** What a drifted set (a toolset, a server's prompts) says against its pin: `changed` carries both definitions. */
export type SetDrift = {
  added: string[];
  removed: string[];
  changed: { name: string; fields: string[]; before: Record<string, unknown>; after: Record<string, unknown> }[];
};

/**
 * The line above a pinned set (DESIGN §11, §16): the environment, then `unlisted` while no listing succeeded, else the
 * set's fingerprint under `label` and who pinned it when.
 */
export function PinStatus({ environment, label, unlisted, fingerprint, pinnedBy, pinnedAt }: {
  environment: string; label: string; unlisted: string; fingerprint: string | null; pinnedBy: string | null; pinnedAt: string | null;
}) {
  return (
    <p className="text-slate-600 dark:text-slate-400">
      In {environment}.{" "}
      {fingerprint === null ? unlisted : (
        <>{label} <code className="font-mono text-xs">{fingerprint.slice(0, 12)}</code>;{" "}
          {pinnedAt ? <>pinned {pinnedBy ? `by ${pinnedBy}` : "on first use"} <TimeStamp iso={pinnedAt} />.</> : "not pinned."}</>
      )}
    </p>
  );
}

/** The drift of a pinned set, under `title`: what was added and removed, and a field-by-field diff of what changed. */
export function DriftDetails({ title, drift }: { title: string; drift: SetDrift }) {
  return (
    <Alert tone="warning" title={title}>
      <div className="space-y-2">
        {drift.added.length > 0 && <p>Added: {drift.added.join(", ")}</p>}
        {drift.removed.length > 0 && <p>Removed: {drift.removed.join(", ")}</p>}
        {drift.changed.map((item) => (
          <div key={item.name} className="space-y-1">
            <p>Changed: <span className="font-mono">{item.name}</span> ({item.fields.join(", ")})</p>
            {item.fields.map((field) => (
              <div key={field}>
                <p className="text-xs font-semibold">{field}</p>
                <DiffView lines={diffJson(item.before[field], item.after[field])} label={`${item.name} ${field}: pinned → now`} />
              </div>
            ))}
          </div>
        ))}
      </div>
    </Alert>
  );
}
