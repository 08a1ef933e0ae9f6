"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";

import { useRole } from "@/components/roles/role-context";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { environmentVariablesQuery } from "@/lib/query/variables";
import { EnvironmentPicker } from "./environment-picker";
import { UnresolvedServers } from "./unresolved-servers";
import { useEnvironmentParam } from "./use-environment-param";
import { VariableEditor } from "./variable-editor";
import { VariableTable } from "./variable-table";

/** DESIGN §10: every variable as one environment sees it, and the servers that would stay unresolved there. */
/** Variables are written by admins only (lib/api/variables.ts `writeRole: "admin"`). */
export function VariablesPage() {
  const canEdit = useRole().can("admin");
  const { environment, known, setEnvironment, error } = useEnvironmentParam();
  const page = useQuery({ ...environmentVariablesQuery(environment ?? ""), enabled: environment !== undefined });
  // undefined: no form open; null: the create form; a name: that variable's edit form.
  const [editing, setEditing] = useState<string | null | undefined>(undefined);
  const variables = page.data?.variables;
  const takenNames = useMemo(() => (variables ?? []).map((variable) => variable.name), [variables]);
  const serverNames = useMemo(() => [...new Set([...(variables ?? []).flatMap((variable) => variable.used_by), ...(page.data?.unresolved ?? []).map((entry) => entry.server)])].sort(), [variables, page.data?.unresolved]);

  return (
    <>
      <PageHeader title="Variables" description="Deployment values and secrets kept in the registry, per environment. Secret values are never shown."
        actions={canEdit && <Button variant="primary" onClick={() => setEditing(null)}>New variable</Button>} />
      <div className="flex flex-col gap-6">
        {error && <Alert tone="danger" title="Environments could not be loaded">{error.message}</Alert>}
        {environment !== undefined && <EnvironmentPicker value={environment} known={known} onChange={setEnvironment} />}
        {canEdit && editing !== undefined && (
          <VariableEditor key={editing ?? "new"} name={editing} takenNames={takenNames} environments={known} serverSuggestions={serverNames} onClose={() => setEditing(undefined)} />
        )}
        {(page.isPending || environment === undefined) && !error && <p role="status">Loading variables…</p>}
        {page.isError && <Alert tone="danger" title="Variables could not be loaded">{page.error.message}</Alert>}
        {page.isSuccess && environment !== undefined && (
          <>
            <Card title={`Variables in ${environment}`} id="variables">
              <VariableTable variables={page.data.variables} environment={environment} canEdit={canEdit} onEdit={setEditing} />
            </Card>
            <Card title={`Unresolved in ${environment}`} id="unresolved">
              <UnresolvedServers unresolved={page.data.unresolved} environment={environment} />
            </Card>
          </>
        )}
      </div>
    </>
  );
}
