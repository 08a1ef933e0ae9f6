/**
 * Kept only for components/health/test-connection-panel.tsx, which is being changed on another branch:
 * once it imports `./use-environments` and `./use-test-connection` directly, delete this file.
 */
export { useEnvironments } from "./use-environments";
export { useTestConnection } from "./use-test-connection";
