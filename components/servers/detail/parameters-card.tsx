import { Card } from "@/components/ui/card";
import { listSchemaProperties } from "@/lib/forms/schema-properties";

/** The parameters schema as a table: one row per property, nested ones indented under their parent. */
export function ParametersCard({ schema }: { schema?: Record<string, unknown> }) {
  const rows = listSchemaProperties(schema);
  return (
    <Card title="Parameters" id="parameters">
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">This server takes no parameters.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Parameters schema</caption>
            <thead className="border-b border-slate-200 text-xs text-slate-600 uppercase dark:border-slate-800 dark:text-slate-400">
              <tr>{["Name", "Type", "Required", "Default", "Description", "Allowed values"].map((h) => <th key={h} scope="col" className="py-1.5 pr-3">{h}</th>)}</tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.path} className="border-b border-slate-100 align-top dark:border-slate-900">
                  <th scope="row" className="py-1.5 pr-3 font-mono text-xs font-medium" style={{ paddingLeft: `${row.depth}rem` }}>{row.path}</th>
                  <td className="py-1.5 pr-3 font-mono text-xs">{row.type}</td>
                  <td className="py-1.5 pr-3">{row.isRequired ? "yes" : "no"}</td>
                  <td className="py-1.5 pr-3 font-mono text-xs">{row.defaultValue === undefined ? "—" : JSON.stringify(row.defaultValue)}</td>
                  <td className="py-1.5 pr-3">{row.description ?? "—"}</td>
                  <td className="py-1.5 font-mono text-xs">{row.enumValues ? row.enumValues.map((v) => JSON.stringify(v)).join(", ") : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
