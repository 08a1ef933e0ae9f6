const baseSecurityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and driver packages load from node_modules at run time instead of being bundled.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg", "pg", "re2-wasm"],
  poweredByHeader: false,
  typedRoutes: false,
  // proxy.ts must see the dashboard router's RSC markers (or seed-path navigations would get JSON), and
  // its rewrites must keep the request's own origin (or Next proxies them over a second HTTP hop).
  skipProxyUrlNormalize: true,
  // Security headers on every response; pages get their nonce-based CSP from proxy.ts (DESIGN §7).
  async headers() {
    return [
      { source: "/:path*", headers: baseSecurityHeaders },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }] },
      { source: "/v0.1/:path*", headers: [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }] },
      { source: "/mcp/:path*", headers: [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }] },
    ];
  },
};

export default nextConfig;
