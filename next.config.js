/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and driver packages load from node_modules at run time instead of being bundled.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg", "pg"],
  poweredByHeader: false,
  typedRoutes: false,
  // proxy.ts must see the dashboard router's RSC markers (or seed-path navigations would get JSON), and
  // its rewrites must keep the request's own origin (or Next proxies them over a second HTTP hop).
  skipProxyUrlNormalize: true,
};

export default nextConfig;
