import type { Metadata } from "next";

import { ServerDetailPage } from "@/components/servers/detail/server-detail-page";

type Props = { params: Promise<{ name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: decodeURIComponent((await params).name) };
}

export default async function ServerPage({ params }: Props) {
  return <ServerDetailPage name={decodeURIComponent((await params).name)} />;
}
