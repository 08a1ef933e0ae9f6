import { BASE_SECURITY_HEADERS } from "./lib/http/base-security-headers.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and driver packages load from node_modules at run time instead of being bundled.
  // oidc-provider: its models are named by their classes (the storage keys by them), which bundling would rename.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg", "pg", "re2-wasm", "oidc-provider"],
  poweredByHeader: false,
  typedRoutes: false,
  // proxy.ts must see the dashboard router's RSC markers (or seed-path navigations would get JSON), and
  // its rewrites must keep the request's own origin (or Next proxies them over a second HTTP hop).
  skipProxyUrlNormalize: true,
  // Security headers on every page and file; pages get their nonce-based CSP from proxy.ts, and the API its
  // headers from its dispatcher (lib/http/dispatcher.ts), whichever way it is mounted (DESIGN §7, §15).
  async headers() {
    return [{ source: "/:path*", headers: [...BASE_SECURITY_HEADERS] }];
  },
};

export default nextConfig;
