"use client";

import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { asObject, describeType } from "@/lib/forms/schema-properties";
import { ArrayInput } from "./array-input";
import { JsonValueInput } from "./json-value-input";

type ParameterInputProps = {
  id: string;
  name: string;
  schema: Record<string, unknown>;
  isRequired: boolean;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  /** Focus left the input (or one of an array's rows). */
  onBlur?: () => void;
};

/** The input that fits a property's type: select for enums, checkbox, number, text, rows for arrays, JSON otherwise. */
export function ParameterInput({ id, name, schema, isRequired, value, onChange, error, onBlur }: ParameterInputProps) {
  const type = describeType(schema);
  const hint = [typeof schema.description === "string" ? schema.description : "", `(${type})`].filter(Boolean).join(" ");

  if (type === "boolean") {
    return (
      <div className="flex items-start gap-2" onBlur={onBlur}>
        <input id={id} type="checkbox" checked={value === true} onChange={(event) => onChange(event.target.checked)}
          aria-describedby={`${id}-hint`} className="mt-1 size-4" />
        <div>
          <label htmlFor={id} className="text-sm font-medium">{name}{isRequired && <span className="text-red-600"> *<span className="sr-only"> (required)</span></span>}</label>
          <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">{hint}</p>
          {error && <p className="text-sm text-red-700 dark:text-red-400">{error}</p>}
        </div>
      </div>
    );
  }

  return (
    <Field id={id} label={name} hint={hint} required={isRequired} error={error} onBlur={onBlur}>
      {(control) => {
        if (Array.isArray(schema.enum)) {
          const options = schema.enum as unknown[];
          return (
            <Select {...control} value={value === undefined ? "" : JSON.stringify(value)}
              onChange={(event) => onChange(event.target.value === "" ? undefined : JSON.parse(event.target.value))}>
              <option value="">—</option>
              {options.map((option) => <option key={JSON.stringify(option)} value={JSON.stringify(option)}>{String(option)}</option>)}
            </Select>
          );
        }
        if (type === "integer" || type === "number") {
          return <Input {...control} type="number" step={type === "integer" ? 1 : "any"} value={typeof value === "number" ? value : ""}
            onChange={(event) => onChange(event.target.value === "" ? undefined : Number(event.target.value))} />;
        }
        if (type === "string") {
          return <Input {...control} value={typeof value === "string" ? value : ""} onChange={(event) => onChange(event.target.value === "" ? undefined : event.target.value)} />;
        }
        const items = asObject(schema.items);
        if (type.startsWith("array") && items && ["string", "number", "integer"].includes(describeType(items))) {
          return <ArrayInput control={control} itemType={describeType(items)} value={Array.isArray(value) ? value : []} onChange={onChange} />;
        }
        return <JsonValueInput control={control} value={value} onChange={onChange} />;
      }}
    </Field>
  );
}
