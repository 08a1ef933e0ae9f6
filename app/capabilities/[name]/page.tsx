import type { Metadata } from "next";

import { CapabilityDetail } from "@/components/capabilities/capability-detail";

type Props = { params: Promise<{ name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: decodeURIComponent((await params).name) };
}

export default async function CapabilityPage({ params }: Props) {
  return <CapabilityDetail name={decodeURIComponent((await params).name)} />;
}
