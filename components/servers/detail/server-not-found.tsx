"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { auditTrailHref } from "@/lib/query/audit";

/** A server page whose server is not in the registry: where to go, and (deleted or renamed) what the audit log kept of it. */
export function ServerNotFound() {
  const name = serverNameOf(usePathname());
  return (
    <>
      <PageHeader title="No such MCP server" description="Nothing in the registry goes by that name. It may have been deleted or renamed." />
      <div className="flex flex-wrap gap-2">
        <Link href="/mcp-servers" className={buttonClass({ variant: "primary" })}>All servers</Link>
        <Link href="/mcp-servers/new" className={buttonClass()}>Create a server</Link>
        {name && <Link href={auditTrailHref("server", name)} className={buttonClass()}>Its history in the audit log</Link>}
      </div>
    </>
  );
}

function serverNameOf(pathname: string | null): string | null {
  const segment = pathname?.split("/")[2];
  if (!segment) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
