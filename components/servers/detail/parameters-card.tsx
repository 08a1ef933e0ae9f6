import { Card } from "@/components/ui/card";
import { listSchemaProperties } from "@/lib/forms/schema-properties";

const COLUMNS = ["Name", "Type", "Required", "Default", "Description", "Allowed values"];
// On a phone each row folds into a card, every cell labelled by its column.
const cell = "py-1.5 pr-3 max-md:flex max-md:gap-2 max-md:py-0.5 max-md:before:w-28 max-md:before:shrink-0 max-md:before:font-sans max-md:before:text-xs max-md:before:text-slate-600 max-md:before:content-[attr(data-label)] dark:max-md:before:text-slate-400";

/** The parameters schema as a table: one row per property, nested ones indented under their parent. */
export function ParametersCard({ schema }: { schema?: Record<string, unknown> }) {
  const rows = listSchemaProperties(schema);
  return (
    <Card title="Parameters" id="parameters">
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">This server takes no parameters.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Parameters schema</caption>
          <thead className="border-b border-slate-200 text-xs text-slate-600 uppercase max-md:sr-only dark:border-slate-800 dark:text-slate-400">
            <tr>{COLUMNS.map((column) => <th key={column} scope="col" className="py-1.5 pr-3">{column}</th>)}</tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.path} className="border-b border-slate-100 align-top max-md:block max-md:py-2 dark:border-slate-900">
                <th scope="row" data-label="Name" className={`${cell} font-mono text-xs font-medium`} style={{ paddingLeft: `${row.depth}rem` }}>{row.path}</th>
                <td data-label="Type" className={`${cell} font-mono text-xs`}>{row.type}</td>
                <td data-label="Required" className={cell}>{row.isRequired ? "yes" : "no"}</td>
                <td data-label="Default" className={`${cell} font-mono text-xs`}>{row.defaultValue === undefined ? "—" : JSON.stringify(row.defaultValue)}</td>
                <td data-label="Description" className={cell}>{row.description ?? "—"}</td>
                <td data-label="Allowed values" className={`${cell} font-mono text-xs`}>{row.enumValues ? row.enumValues.map((value) => JSON.stringify(value)).join(", ") : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
