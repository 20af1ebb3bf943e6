/**
 * Command line: regenerates openapi/commerce-api.openapi.json from the specification's operations and the
 * schema files (`npm run openapi`, which then formats it with biome). `scripts/openapi.test.ts` fails when the
 * committed file is out of date.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildOpenApiDocument, OPENAPI_FILE } from './openapi-document.ts';

mkdirSync(dirname(OPENAPI_FILE), { recursive: true });
writeFileSync(OPENAPI_FILE, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
process.stdout.write(`wrote ${OPENAPI_FILE}\n`);
