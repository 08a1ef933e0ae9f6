import Link from "next/link";

import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";

export function ServerNotFound() {
  return (
    <>
      <PageHeader title="No such MCP server" description="Nothing in the registry goes by that name. It may have been deleted or renamed." />
      <div className="flex flex-wrap gap-2">
        <Link href="/mcp-servers" className={buttonClass({ variant: "primary" })}>All servers</Link>
        <Link href="/mcp-servers/new" className={buttonClass()}>Create a server</Link>
      </div>
    </>
  );
}
