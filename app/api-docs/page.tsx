import { ApiReference } from "@/components/api-docs/api-reference";
import { PageHeader } from "@/components/ui/page-header";

export const metadata = { title: "API docs" };

export default function ApiDocsPage() {
  return (
    <>
      <PageHeader title="API docs" description="Every operation of the HTTP API, from the OpenAPI document the server generates." />
      <ApiReference />
    </>
  );
}
