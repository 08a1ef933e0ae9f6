import { HealthPreview } from "@/components/health/health-preview";

export const metadata = { title: "Health preview" };

/** Temporary: the health panels on their own, until they move into the server detail page. */
export default async function HealthPreviewPage({ params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  return <HealthPreview name={name} />;
}
