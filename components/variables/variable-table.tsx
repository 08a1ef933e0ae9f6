"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import type { EnvironmentVariable } from "@/lib/query/variables";
import { DeleteVariableButton } from "./delete-variable-button";
import { EffectiveValue } from "./effective-value";
import { ServerLinks } from "./server-links";
import { VariableScope } from "./variable-scope";

type VariableTableProps = { variables: EnvironmentVariable[]; environment: string; canEdit: boolean; onEdit: (name: string) => void };

/** Every variable: kind, the value `environment` gets and from where, its scope and the servers naming it. */
export function VariableTable({ variables, environment, canEdit, onEdit }: VariableTableProps) {
  if (variables.length === 0) return <EmptyState title="No variables yet">Variables hold the values server definitions name as <code>{"${NAME}"}</code> — per environment, secrets sealed — so a definition stays the same everywhere. {canEdit ? "Create one with New variable." : "An admin can create them."}</EmptyState>;

  return (
    // Focusable, so a keyboard can scroll the columns that do not fit a phone's width.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`Variables in ${environment}, scrollable`}>
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">Variables and the values {environment} gets</caption>
        <thead className="text-slate-600 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-2 pr-3">Name</th><th scope="col" className="pr-3">Kind</th>
            <th scope="col" className="pr-3">Value in {environment}</th><th scope="col" className="pr-3">Scope</th>
            <th scope="col" className="pr-3">Used by</th>
            {canEdit && <th scope="col"><span className="sr-only">Actions</span></th>}
          </tr>
        </thead>
        <tbody>
          {variables.map((variable) => (
            <tr key={variable.name} className="border-t border-slate-200 align-top dark:border-slate-800">
              <th scope="row" className="py-2 pr-3 text-left font-normal">
                <span className="font-mono font-medium break-all">{variable.name}</span>
                {variable.description && <p className="text-xs text-slate-600 dark:text-slate-400">{variable.description}</p>}
              </th>
              <td className="py-2 pr-3">{variable.secret ? <Badge tone="warning">secret</Badge> : <Badge>plain</Badge>}</td>
              <td className="py-2 pr-3"><EffectiveValue variable={variable} environment={environment} /></td>
              <td className="py-2 pr-3"><VariableScope scope={variable.scope} /></td>
              <td className="py-2 pr-3"><ServerLinks names={variable.used_by} empty="no server" /></td>
              {canEdit && (
                <td className="py-1.5 text-right">
                  <div className="flex justify-end gap-1">
                    <Button size="sm" onClick={() => onEdit(variable.name)}>Edit<span className="sr-only"> {variable.name}</span></Button>
                    <DeleteVariableButton name={variable.name} revision={variable.revision} />
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
