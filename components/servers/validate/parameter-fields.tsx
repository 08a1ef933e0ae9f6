"use client";

import { asObject } from "@/lib/forms/schema-properties";
import { getAtPath, type ParameterValues } from "@/lib/forms/parameter-values";
import { ParameterInput } from "./parameter-input";

type ParameterFieldsProps = {
  schema: Record<string, unknown>;
  values: ParameterValues;
  onChange: (path: string[], value: unknown) => void;
  path?: string[];
  /** Messages by JSON pointer relative to `path` ("/limit", "/nested/key"), shown on their input. */
  errors?: Record<string, string>;
  /** Prefix of the inputs' ids, unique on the page (two forms from schemas may share one). */
  idPrefix?: string;
  /** Called with a field's path when focus leaves it (a form may then check it). */
  onLeave?: (path: string[]) => void;
};

/** One input per property of an object schema; nested objects become fieldsets, recursively. */
export function ParameterFields({ schema, values, onChange, path = [], errors = {}, idPrefix = "param", onLeave }: ParameterFieldsProps) {
  const properties = Object.entries(asObject(schema.properties) ?? {});
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);

  return (
    <div className="flex flex-col gap-4">
      {properties.map(([name, value]) => {
        const property = asObject(value) ?? {};
        const fieldPath = [...path, name];
        if (asObject(property.properties)) {
          return (
            <fieldset key={name} className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
              <legend className="px-1 text-sm font-semibold">
                {name}{required.has(name) && <span className="text-red-600 dark:text-red-400"> *<span className="sr-only"> (required)</span></span>}
              </legend>
              {typeof property.description === "string" && <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">{property.description}</p>}
              <ParameterFields schema={property} values={values} onChange={onChange} path={fieldPath} errors={nestedErrors(errors, name)} idPrefix={idPrefix} onLeave={onLeave} />
            </fieldset>
          );
        }
        return (
          <ParameterInput key={name} id={`${idPrefix}-${fieldPath.join("-")}`} name={name} schema={property}
            isRequired={required.has(name)} value={getAtPath(values, fieldPath)} onChange={(next) => onChange(fieldPath, next)} error={errors[`/${name}`]}
            onBlur={onLeave && (() => onLeave(fieldPath))} />
        );
      })}
    </div>
  );
}

/** The errors under one property, their pointers made relative to it. */
function nestedErrors(errors: Record<string, string>, name: string): Record<string, string> {
  const prefix = `/${name}/`;
  return Object.fromEntries(Object.entries(errors).filter(([pointer]) => pointer.startsWith(prefix)).map(([pointer, message]) => [pointer.slice(prefix.length - 1), message]));
}
