import Link from "next/link";

import { buttonClass } from "../ui/button";
import { PageHeader } from "../ui/page-header";

export function PageNotFound() {
  return (
    <>
      <PageHeader title="Page not found" description="There is nothing at this address." />
      <Link href="/mcp-servers" className={buttonClass({ variant: "primary" })}>All servers</Link>
    </>
  );
}
