// Regenerates src/api/schema.d.ts from the backend's OpenAPI document.
//   node scripts/gen-api.mjs          write the file
//   node scripts/gen-api.mjs --check  fail (exit 1) when the checked-in file differs
// The document comes from `volland openapi -o FILE` (the repository's virtualenv), or from the file
// named by VOLLAND_OPENAPI_FILE.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const here = dirname(fileURLToPath(import.meta.url));
const webDir = resolve(here, '..');
const target = join(webDir, 'src/api/schema.d.ts');
const check = process.argv.includes('--check');

function fail(message) {
  console.error(message);
  process.exit(check ? 1 : 2);
}

let specPath = process.env.VOLLAND_OPENAPI_FILE;
let tmp;
if (!specPath) {
  const cli = resolve(webDir, '../.venv/bin/volland');
  if (!existsSync(cli)) fail(`The backend command ${cli} is missing; run 'make install' first.`);
  tmp = mkdtempSync(join(tmpdir(), 'volland-openapi-'));
  specPath = join(tmp, 'openapi.json');
  const env = { ...process.env, VOLLAND_VAR_DIR: process.env.VOLLAND_VAR_DIR ?? tmp };
  let hasCommand = false;
  try {
    hasCommand = execFileSync(cli, ['--help'], { env, encoding: 'utf8' }).includes('openapi');
  } catch {
    hasCommand = false;
  }
  try {
    if (hasCommand) {
      execFileSync(cli, ['openapi', '-o', specPath], { stdio: ['ignore', 'ignore', 'inherit'], env });
    } else {
      // Same document straight from the app factory (before the command exists).
      const python = resolve(webDir, '../.venv/bin/python');
      const code =
        'import sys\nfrom api.app import create_app\n' +
        "r = create_app().test_client().get('/api/openapi.json')\n" +
        'assert r.status_code == 200, r.status_code\nopen(sys.argv[1], "wb").write(r.data)\n';
      execFileSync(python, ['-c', code, specPath], { stdio: ['ignore', 'ignore', 'inherit'], env, cwd: resolve(webDir, '..') });
    }
  } catch {
    fail('The OpenAPI document could not be produced; see the message above.');
  }
}

const document = JSON.parse(readFileSync(specPath, 'utf8'));
const ast = await openapiTS(document, { alphabetize: true });
const header =
  '// Generated from the backend OpenAPI document by `npm run gen:api`. Do not edit by hand;\n' +
  '// `npm run check:api` fails when this file no longer matches the backend.\n\n';
const output = header + astToString(ast);
if (tmp) rmSync(tmp, { recursive: true, force: true });

if (check) {
  const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (current !== output) {
    console.error('src/api/schema.d.ts is out of date with the backend OpenAPI document; run `npm run gen:api` in web/.');
    process.exit(1);
  }
  console.log('src/api/schema.d.ts matches the backend OpenAPI document.');
} else {
  writeFileSync(target, output);
  console.log(`Wrote ${target}`);
}
