import * as health from "./health";
import type { Operation } from "./operation";
import * as security from "./security";
import * as servers from "./servers";
import * as system from "./system";

/** Every operation of the API: the OpenAPI document and the role matrix are built from this list. */
export const allOperations: Operation<any, any, any>[] = [
  ...Object.values(servers),
  ...Object.values(health),
  ...Object.values(security),
  ...Object.values(system),
];
