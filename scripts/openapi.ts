/** `npm run openapi`: regenerates openapi/commerce-api.openapi.json (then formatted with biome). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildOpenApiDocument, OPENAPI_FILE } from './openapi-document.ts';

mkdirSync(dirname(OPENAPI_FILE), { recursive: true });
writeFileSync(OPENAPI_FILE, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
process.stdout.write(`wrote ${OPENAPI_FILE}\n`);
