"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { CellLabel, FOLDING_CELL as cell, FoldingRow, FoldingTable } from "@/components/ui/folding-table";
import type { EnvironmentVariable } from "@/lib/query/variables";
import { DeleteVariableButton } from "./delete-variable-button";
import { EffectiveValue } from "./effective-value";
import { ServerLinks } from "./server-links";
import { VariableScope } from "./variable-scope";

type VariableTableProps = { variables: EnvironmentVariable[]; environment: string; canEdit: boolean; onEdit: (name: string) => void };

/** Every variable: kind, the value `environment` gets and from where, its scope and the servers naming it; each a card on a phone. */
export function VariableTable({ variables, environment, canEdit, onEdit }: VariableTableProps) {
  if (variables.length === 0) return <EmptyState title="No variables yet">Variables hold the values server definitions name as <code>{"${NAME}"}</code> — per environment, secrets sealed — so a definition stays the same everywhere. {canEdit ? "Create one with New variable." : "An admin can create them."}</EmptyState>;

  return (
    <FoldingTable caption={`Variables and the values ${environment} gets`} columns={["Name", "Kind", `Value in ${environment}`, "Scope", "Used by"]} hasActions={canEdit}>
      {variables.map((variable) => (
        <FoldingRow key={variable.name} name={<span className="font-mono break-all">{variable.name}</span>}
          details={variable.description && <p className="text-xs font-normal text-slate-600 dark:text-slate-400">{variable.description}</p>}
          actions={canEdit && (
            <>
              <Button size="sm" onClick={() => onEdit(variable.name)}>Edit<span className="sr-only"> {variable.name}</span></Button>
              <DeleteVariableButton name={variable.name} revision={variable.revision} />
            </>
          )}>
          <td className={cell}>{variable.secret ? <Badge tone="warning">secret</Badge> : <Badge>plain</Badge>}</td>
          <td className={cell}><EffectiveValue variable={variable} environment={environment} /></td>
          <td className={cell}><CellLabel>Scope</CellLabel><VariableScope scope={variable.scope} /></td>
          <td className={cell}><CellLabel>Used by</CellLabel><ServerLinks names={variable.used_by} empty="no server" /></td>
        </FoldingRow>
      ))}
    </FoldingTable>
  );
}
