import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";

import { AuthOffBanner } from "@/components/auth/auth-off-banner";
import { CommandPalette } from "@/components/shell/command-palette";
import { navEntriesFor } from "@/components/shell/nav-entries";
import { Providers } from "@/components/shell/providers";
import { SiteHeader } from "@/components/shell/site-header";
import { SkipLink } from "@/components/shell/skip-link";
import { getPagePrincipal } from "@/lib/auth/page-principal";
import { getConfig } from "@/lib/env";

import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Patchbay", template: "%s · Patchbay" },
  description: "A self-hosted registry for MCP servers",
};

export const viewport: Viewport = {
  colorScheme: "light dark",
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#020617" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Reading the request makes every page render per request, so Next can stamp proxy.ts's CSP nonce.
  await headers();
  // The role decides which controls a page offers (components/roles); the API still decides what is allowed.
  const principal = await getPagePrincipal();
  const pages = navEntriesFor(principal);
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <SkipLink />
        <AuthOffBanner />
        <SiteHeader />
        <Providers role={principal.role} environment={getConfig().environment}>
          {pages.length > 0 && <CommandPalette pages={pages} />}
          <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6">{children}</main>
        </Providers>
      </body>
    </html>
  );
}
