import type { Metadata } from "next";

import { ServerFormPage } from "@/components/servers/form/server-form-page";

type Props = { params: Promise<{ name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Edit ${decodeURIComponent((await params).name)}` };
}

export default async function EditServerPage({ params }: Props) {
  return <ServerFormPage name={decodeURIComponent((await params).name)} />;
}
