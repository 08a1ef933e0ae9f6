import { CapabilityFormPage } from "@/components/capabilities/capability-form-page";

export const metadata = { title: "New capability" };

export default function NewCapabilityPage() {
  return <CapabilityFormPage />;
}
