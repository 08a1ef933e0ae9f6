"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";

import { DocumentDetail, DocumentLoadError } from "@/components/documents/document-detail";
import { CallsPanel } from "@/components/calls/calls-panel";
import { EffectiveToolsPanel } from "@/components/documents/effective-tools-panel";
import { TargetPromptsPanel, TargetResourcesPanel } from "@/components/documents/target-offerings-panels";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { AGENT, agentQuery } from "@/lib/query/agents";
import { BlueprintPanel } from "./blueprint-panel";

export function AgentDetail({ name }: { name: string }) {
  const agent = useQuery(agentQuery(name));
  if (agent.isError) return <DocumentLoadError noun="agent" name={name} error={agent.error} />;
  if (!agent.data) return <p className="text-slate-600 dark:text-slate-400">Loading…</p>;

  const capabilities = agent.data.document.capabilities ?? [];
  const users = agent.data.document.users ?? [];
  return (
    <DocumentDetail kind={AGENT} document={agent.data.document} warnings={agent.data.warnings} referencesTitle="Servers of its own">
      <Card title="Capabilities" id="capabilities">
        {capabilities.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">No capabilities.</p> : (
          <ul className="flex flex-wrap gap-2">
            {capabilities.map((capability) => (
              <li key={capability}>
                <Link href={`/capabilities/${encodeURIComponent(capability)}`} className="text-indigo-700 hover:underline dark:text-indigo-300">{capability}</Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="People" id="users">
        {users.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">Anyone who may use gateways (runner, editor or admin).</p> : (
          <>
            <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">Besides runners, editors and admins, these people (by email or group) may use its gateway, viewers included.</p>
            <ul className="flex flex-wrap gap-2">
              {users.map((entry) => <li key={entry}><Badge>{entry}</Badge></li>)}
            </ul>
          </>
        )}
      </Card>
      <EffectiveToolsPanel kind={AGENT} name={name} />
      <TargetPromptsPanel kind={AGENT} name={name} />
      <TargetResourcesPanel kind={AGENT} name={name} />
      <BlueprintPanel name={name} />
      <CallsPanel subject={{ agent: name }} />
    </DocumentDetail>
  );
}
