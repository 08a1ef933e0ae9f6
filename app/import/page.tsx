import { ImportPage } from "@/components/import/import-page";

export const metadata = { title: "Import and export" };

export default function Page() {
  return <ImportPage />;
}
