import { notFound } from "next/navigation";

import { PageHeader } from "@/components/ui/page-header";
import { listTagSuggestions, loadServerForEdit } from "@/lib/page-data/servers";
import { ServerForm } from "./server-form";

/** Server component: the definition as stored (for edit) and the tags in use, then the form. */
export async function ServerFormPage({ name }: { name?: string }) {
  const [server, tags] = await Promise.all([name ? loadServer(name) : undefined, listTagSuggestions()]);

  return (
    <>
      <PageHeader title={server ? `Edit ${server.name}` : "New MCP server"}
        description={server ? `Revision ${server.revision}. Saving writes revision ${server.revision + 1}.` : "Define it once; capabilities and agents refer to it by name."} />
      <ServerForm server={server} tagSuggestions={tags} />
    </>
  );
}

async function loadServer(name: string) {
  return (await loadServerForEdit(name)) ?? notFound();
}
