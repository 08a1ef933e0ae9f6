import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";

import { AuthOffBanner } from "@/components/auth/auth-off-banner";

import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Patchbay", template: "%s · Patchbay" },
  description: "A self-hosted registry for MCP servers",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Reading the request makes every page render per request, so Next can stamp proxy.ts's CSP nonce.
  await headers();
  return (
    <html lang="en">
      <body className="min-h-screen bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <AuthOffBanner />
        {children}
      </body>
    </html>
  );
}
