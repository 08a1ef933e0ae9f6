import * as agents from "./agents";
import * as capabilities from "./capabilities";
import type { Operation } from "./operation";
import * as servers from "./servers";
import * as system from "./system";

/** Every operation of the API: the OpenAPI document and the role matrix are built from this list. */
export const allOperations: Operation<any, any, any>[] = [
  ...Object.values(servers),
  ...Object.values(capabilities),
  ...Object.values(agents),
  ...Object.values(system),
];
