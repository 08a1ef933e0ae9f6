import { ToolCatalog } from "@/components/tools/tool-catalog";
import { HeadedPage } from "@/components/ui/page-header";

export const metadata = { title: "Tools" };

export default function ToolsPage() {
  return <HeadedPage title="Tools" description="Every tool the registry's servers list, as their last successful probe saw it, with its pin and drift, and the tools their definitions declare. Annotations are declared by each server and not verified."><ToolCatalog /></HeadedPage>;
}
