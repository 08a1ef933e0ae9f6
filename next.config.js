/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and driver packages load from node_modules at run time instead of being bundled.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg", "pg"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
