import packageJson from "../../package.json";
import { allOperations } from "../api/all-operations";
import { buildOpenApiDocument } from "../api/openapi";
import { openapiOperation } from "../api/system";
import { json } from "../http/responses";
import { route } from "../http/route";

const document = buildOpenApiDocument(allOperations, packageJson.version);

/** GET /api/openapi.json — generated from the operation table, never written by hand. */
export const openapiHandler = route(openapiOperation, async () => json(document));
