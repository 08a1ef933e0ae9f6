"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";

import { CallsPanel } from "@/components/calls/calls-panel";
import { CircuitBadge } from "@/components/calls/circuit-badge";
import { ServerHealthBadge } from "@/components/health/server-health-badge";
import { HealthPanel } from "@/components/health/health-panel";
import { ManagedActions } from "@/components/sync/managed-actions";
import { RevisionHistory } from "@/components/revisions/revision-history";
import { ServerPromptsCard } from "@/components/tools/server-prompts-card";
import { ServerToolsCard } from "@/components/tools/server-tools-card";
import { useRole } from "@/components/roles/role-context";
import { RequiresRole } from "@/components/roles/requires-role";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { ServerIcon } from "../server-icon";
import { serverQuery, serverRevisionTarget } from "@/lib/query/servers";
import { ValidationPanel } from "../validate/validation-panel";
import { ApiReferenceCard } from "./api-reference-card";
import { DefinitionCard } from "./definition-card";
import { DeleteServerButton } from "./delete-server-button";
import { EnvironmentConfigs } from "./environment-configs";
import { OAuthCard } from "./oauth-card";
import { ParametersCard } from "./parameters-card";
import { SupportCard } from "./support-card";
import { UsedByCard } from "./used-by-card";

export function ServerDetail({ name }: { name: string }) {
  const { data: server, error } = useQuery(serverQuery(name));
  const { can } = useRole();
  if (!server) {
    return <Alert tone="danger" title={`MCP server “${name}” could not be loaded`} isUrgent>{error?.message}</Alert>;
  }
  const oauthMode = server.auth?.type === "oauth" ? server.auth.mode ?? "shared" : null;

  return (
    <>
      <PageHeader
        title={<span className="flex flex-wrap items-center gap-3"><ServerIcon name={server.name} icons={server.icons} size="lg" />{server.name} <ServerHealthBadge name={name} oauthMode={oauthMode} /> <CircuitBadge name={name} /></span>}
        description={server.description}
        actions={
          <RequiresRole role="editor">
            <ManagedActions managedBy={server.managed_by}>
              <Link href={`/mcp-servers/${encodeURIComponent(name)}/edit`} className={buttonClass({ variant: "primary" })}>Edit</Link>
              <DeleteServerButton name={name} revision={server.revision} />
            </ManagedActions>
          </RequiresRole>
        }
      />
      {/* Health first in the page's order, so a phone shows it near the top; beside the definition from 1024 px. A URL,
          placeholder or reason with no place to break wraps anywhere rather than widen a phone's page. */}
      <div className="grid gap-6 [overflow-wrap:anywhere] lg:grid-cols-[minmax(0,1fr)_18rem]">
        <aside aria-label="About this server" className="flex min-w-0 flex-col gap-6 lg:col-start-2 lg:row-start-1">
          <HealthPanel name={name} oauthMode={oauthMode} />
          {oauthMode && <OAuthCard name={name} mode={oauthMode} isAdmin={can("admin")} />}
          <SupportCard server={server} />
          <UsedByCard name={name} />
        </aside>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
          <DefinitionCard server={server} />
          <EnvironmentConfigs server={server} />
          <ParametersCard schema={server.parameters_schema} />
          <ServerToolsCard name={name} />
          <ServerPromptsCard name={name} canPin={can("editor")} />
          {server.support?.api_reference_url && <ApiReferenceCard name={name} url={server.support.api_reference_url} />}
          <CallsPanel subject={{ server: name }} />
          <ValidationPanel server={server} />
          <RevisionHistory target={serverRevisionTarget(name)} currentRevision={server.revision} />
        </div>
      </div>
    </>
  );
}
