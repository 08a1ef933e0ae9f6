"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";

import { EnvironmentSelect, useChosenEnvironment } from "@/components/environments/environment-select";
import { WarningsAlert } from "@/components/documents/warnings-alert";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { blueprintQuery } from "@/lib/query/agents";
import { CopyConfigButtons } from "./copy-config-buttons";
import { GatewayPanel } from "./gateway-panel";

/** The agent resolved for an environment, and its config file for each client, ready to copy. */
export function BlueprintPanel({ name }: { name: string }) {
  const [environment, setEnvironment] = useState<string>();
  const chosen = useChosenEnvironment(environment);
  // Keyed under the agent's detail key, so a save (which invalidates it) refreshes the preview too.
  const blueprint = useQuery({ ...blueprintQuery(name, { environment: chosen }), enabled: chosen !== undefined });

  return (
    <Card title="Blueprint" id="blueprint">
      <div className="flex flex-col gap-4">
        <EnvironmentSelect id="blueprint-environment" value={chosen} onChange={setEnvironment} />
        {blueprint.isError ? (
          <Alert tone="danger" isUrgent title="This agent does not resolve">
            {blueprint.error.message}
          </Alert>
        ) : blueprint.data ? (
          <>
            <WarningsAlert warnings={blueprint.data.warnings} />
            <CodeBlock label="Resolved blueprint" value={blueprint.data.agent.mcp_servers} />
          </>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">Resolving…</p>
        )}
        {chosen && <CopyConfigButtons name={name} environment={chosen} />}
        <GatewayPanel name={name} environment={environment} />
      </div>
    </Card>
  );
}
