import fs from "node:fs";

import { metaValidatorsSource, META_VALIDATORS_FILE } from "../schemas/meta-validators-source";

/**
 * Writes lib/schemas/meta-schema-validators.generated.ts: Ajv's draft-07 and draft 2020-12 meta-schemas compiled
 * ahead of time (Ajv "standalone"), so a browser checks "is this a JSON Schema?" without `new Function`.
 * Run after upgrading Ajv: `npx tsx lib/cli/generate-meta-validators.ts` (a unit test fails until then).
 */
fs.writeFileSync(META_VALIDATORS_FILE, metaValidatorsSource());
