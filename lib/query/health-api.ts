/**
 * Kept only for components/health/test-connection-panel.tsx, which is being changed on another branch:
 * health calls now throw the one `ApiProblemError` (it carries `errors`); once the panel imports it from
 * `./fetch-json` and `ConnectionInput` from `./types`, delete this file.
 */
export { ApiProblemError as HealthApiError } from "./fetch-json";
export type { ConnectionInput } from "./types";
