type JsonSchema = { type?: unknown; description?: unknown; properties?: Record<string, JsonSchema>; required?: unknown; enum?: unknown[]; default?: unknown; items?: JsonSchema };

/** An input or output schema as a table of its properties (type, required, description), nested ones indented. */
export function SchemaView({ schema, label }: { schema: Record<string, unknown>; label: string }) {
  const rows = propertyRows(schema as JsonSchema, 0);
  if (rows.length === 0) return <p className="text-xs text-slate-600 dark:text-slate-400">{label}: no arguments.</p>;
  return (
    <table className="w-full text-left text-xs">
      <caption className="text-left font-semibold">{label}</caption>
      <thead className="text-slate-600 dark:text-slate-400">
        <tr><th scope="col" className="py-1 pr-3">Property</th><th scope="col" className="pr-3">Type</th><th scope="col" className="pr-3">Required</th><th scope="col">Description</th></tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.path} className="border-t border-slate-100 align-top dark:border-slate-800">
            <td className="py-1 pr-3 font-mono" style={{ paddingLeft: `${row.depth}rem` }}>{row.name}</td>
            <td className="pr-3 font-mono">{row.type}</td>
            <td className="pr-3">{row.required ? "yes" : "no"}</td>
            <td>{row.description}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type Row = { path: string; name: string; depth: number; type: string; required: boolean; description: string };

function propertyRows(schema: JsonSchema, depth: number, prefix = ""): Row[] {
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const path = `${prefix}/${name}`;
    const row: Row = { path, name, depth, type: typeOf(property), required: required.has(name), description: describe(property) };
    const nested = property.properties ? propertyRows(property, depth + 1, path) : property.items?.properties ? propertyRows(property.items, depth + 1, `${path}[]`) : [];
    return [row, ...nested];
  });
}

function typeOf(schema: JsonSchema): string {
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : typeof schema.type === "string" ? schema.type : "any";
  return type === "array" && schema.items ? `${typeOf(schema.items)}[]` : type;
}

function describe(schema: JsonSchema): string {
  const parts = [typeof schema.description === "string" ? schema.description : ""];
  if (Array.isArray(schema.enum)) parts.push(`one of ${schema.enum.map((value) => JSON.stringify(value)).join(", ")}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.filter(Boolean).join("; ");
}
