import { CapabilityFormPage } from "@/components/capabilities/capability-form-page";
import { RoleRequired } from "@/components/roles/role-required";

export const metadata = { title: "New capability" };

export default function NewCapabilityPage() {
  return <RoleRequired role="editor" what="Creating a capability" back={{ href: "/capabilities", label: "All capabilities" }}><CapabilityFormPage /></RoleRequired>;
}
