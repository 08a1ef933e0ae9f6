import { ComingSoon } from "@/components/shell/coming-soon";

export const metadata = { title: "Capabilities" };

export default function CapabilitiesPage() {
  return <ComingSoon title="Capabilities" />;
}
