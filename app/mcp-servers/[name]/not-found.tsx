import { ServerNotFound } from "@/components/servers/detail/server-not-found";

export default function ServerNotFoundPage() {
  return <ServerNotFound />;
}
