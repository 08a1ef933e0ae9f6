import Link from "next/link";
import type { ReactNode } from "react";

import type { MergeImportReport as ImportReport } from "@/lib/schemas/import";

type ReportEntry = ImportReport["created"][number];

const COLLECTIONS = { capability: "capabilities", agent: "agents" } as const;

/** A written entry links to its page; a dry run's entries exist nowhere yet. */
function entryName(entry: ReportEntry, isDryRun: boolean): ReactNode {
  if (isDryRun) return entry.name;
  const collection = entry.kind ? COLLECTIONS[entry.kind] : "mcp-servers";
  return <Link href={`/${collection}/${encodeURIComponent(entry.name)}`} className="text-indigo-700 underline dark:text-indigo-300">{entry.name}</Link>;
}

/** The `${VAR}` placeholders that replaced literal secrets: each needs a registry variable (or a runner's value). */
function placeholderList(entry: ReportEntry): ReactNode {
  if (!entry.placeholders?.length) return "—";
  return (
    <span className="flex flex-wrap gap-1">
      {entry.placeholders.map((name) => <code key={name}>{`\${${name}}`}</code>)}
    </span>
  );
}

/** Where a server would connect: its transport, then the URL or the command line (secrets already masked by the API). */
function transportCells(entry: ReportEntry): ReactNode[] {
  if (!entry.transport) return ["—", "—"];
  const { type, url, command, args } = entry.transport;
  return [type, <code key="where" className="text-xs">{url ?? [command, ...(args ?? [])].join(" ")}</code>];
}

/** What to know before importing: env keys the server would be started without, and the like. */
function warningList(entry: ReportEntry): ReactNode {
  if (!entry.warnings?.length) return "—";
  return (
    <ul className="space-y-1">
      {entry.warnings.map((warning) => <li key={`${warning.path}:${warning.message}`} className="text-amber-800 dark:text-amber-300">{warning.message}</li>)}
    </ul>
  );
}

/** Short lists open by default; errors always, since they are what a person has to act on. */
const OPEN_UP_TO = 20;

export function ImportReportView({ report }: { report: ImportReport }) {
  const { created, updated, skipped, renamed, errors } = report;
  const entries = [...created, ...updated];
  const hasPlaceholders = entries.some((entry) => entry.placeholders?.length);
  const hasTransports = entries.some((entry) => entry.transport);
  const hasWarnings = entries.some((entry) => entry.warnings?.length);
  // Only the columns something fills: a capability or agent has neither transport nor placeholders.
  const written = (rows: ReportEntry[]) => rows.map((entry) => [
    entryName(entry, report.dry_run),
    ...(hasTransports ? transportCells(entry) : []),
    ...(hasPlaceholders ? [placeholderList(entry)] : []),
    ...(hasWarnings ? [warningList(entry)] : []),
  ]);
  const writtenColumns = [
    "Name", ...(hasTransports ? ["Transport", "URL or command"] : []),
    ...(hasPlaceholders ? ["Secrets replaced by placeholders"] : []), ...(hasWarnings ? ["Warnings"] : []),
  ];
  return (
    <div className="space-y-3" data-testid="import-report">
      {hasPlaceholders && (
        <p className="text-sm">
          Literal secrets were replaced by <code>{"${VAR}"}</code> placeholders. Give each one a value on the{" "}
          <Link href="/variables" className="text-indigo-700 underline dark:text-indigo-300">Variables</Link> page (or in the runner&apos;s environment).
        </p>
      )}
      <Section title={report.dry_run ? "Would create" : "Created"} rows={written(created)} columns={writtenColumns} />
      <Section title={report.dry_run ? "Would update" : "Updated"} rows={written(updated)} columns={writtenColumns} />
      <Section title="Skipped" rows={skipped.map(({ name, reason }) => [name, reason])} columns={["Name", "Reason"]} />
      <Section title="Renamed" rows={renamed.map(({ from, to }) => [from, to])} columns={["From", "To"]} />
      <Section title="Warnings" rows={(report.warnings ?? []).map(({ name, message }) => [name, message])} columns={["Name", "Warning"]} isOpen />
      <Section title="Errors" rows={errors.map(({ path, message }) => [<code key="path">{path || "/"}</code>, message])} columns={["Path", "Problem"]} isOpen tone="error" />
    </div>
  );
}

/** The counts of a report in one line, for the live region. */
export function summarize(report: ImportReport): string {
  const counts = [
    `${report.created.length} created`, `${report.updated.length} updated`, `${report.skipped.length} skipped`,
    `${report.renamed.length} renamed`, `${report.errors.length} ${report.errors.length === 1 ? "error" : "errors"}`,
  ].join(", ");
  return report.dry_run ? `Dry run (${report.format}): ${counts}.` : `Imported (${report.format}): ${counts}.`;
}

type SectionProps = { title: string; rows: ReactNode[][]; columns: string[]; isOpen?: boolean; tone?: "error" };

function Section({ title, rows, columns, isOpen, tone }: SectionProps) {
  if (rows.length === 0) return null;
  return (
    <details open={isOpen || rows.length <= OPEN_UP_TO} className="rounded-md border border-slate-200 dark:border-slate-800">
      <summary className={`cursor-pointer px-3 py-2 text-sm font-medium ${tone === "error" ? "text-red-700 dark:text-red-400" : ""}`}>
        {title} ({rows.length})
      </summary>
      <div className="max-h-96 overflow-auto border-t border-slate-200 dark:border-slate-800">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="sticky top-0 bg-slate-50 dark:bg-slate-900">
            <tr>{columns.map((column) => <th key={column} scope="col" className="px-3 py-1.5 font-medium">{column}</th>)}</tr>
          </thead>
          <tbody>
            {rows.map((cells, index) => (
              <tr key={index} className="border-t border-slate-100 dark:border-slate-900">
                {cells.map((cell, column) => <td key={column} className="px-3 py-1.5 align-top break-all">{cell}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
