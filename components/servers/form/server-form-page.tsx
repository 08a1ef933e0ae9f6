import { notFound } from "next/navigation";

import { PageHeader } from "@/components/ui/page-header";
import { getPageVisibility } from "@/lib/auth/page-principal";
import { getRawServer } from "@/lib/data/server-views";
import { listTagCounts } from "@/lib/data/tags";
import { NotFoundError } from "@/lib/errors";
import { ServerForm } from "./server-form";

/** Server component: the definition as stored (for edit) and the tags in use, then the form. */
export async function ServerFormPage({ name }: { name?: string }) {
  const [server, tags] = await Promise.all([name ? loadServer(name) : undefined, listTagCounts()]);

  return (
    <>
      <PageHeader title={server ? `Edit ${server.name}` : "New MCP server"}
        description={server ? `Revision ${server.revision}. Saving writes revision ${server.revision + 1}.` : "Define it once; capabilities and agents refer to it by name."} />
      <ServerForm server={server} tagSuggestions={tags.map((entry) => entry.tag)} />
    </>
  );
}

async function loadServer(name: string) {
  try {
    return await getRawServer(name, await getPageVisibility());
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}
