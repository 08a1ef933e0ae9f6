import { allOperations } from "@/lib/api/all-operations";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { openapiOperation } from "@/lib/api/system";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

import packageJson from "@/package.json";

const document = buildOpenApiDocument(allOperations, packageJson.version);

/** GET /api/openapi.json — generated from the operation table, never written by hand. */
export const GET = route(openapiOperation, async () => json(document));
