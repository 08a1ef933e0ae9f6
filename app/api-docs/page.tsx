import { ApiReference } from "@/components/api-docs/api-reference";
import { HeadedPage } from "@/components/ui/page-header";

export const metadata = { title: "API docs" };

export default function ApiDocsPage() {
  return <HeadedPage title="API docs" description="Every operation of the HTTP API, from the OpenAPI document the server generates."><ApiReference /></HeadedPage>;
}
