// Regenerates src/api/schema.d.ts (types) and src/api/enums.ts (the vocabulary's lists) from the backend's
// OpenAPI document.
//   node scripts/gen-api.mjs          write the file
//   node scripts/gen-api.mjs --check  fail (exit 1) when the checked-in file differs
// The document comes from `volland openapi -o FILE` (the repository's virtualenv), or from the file
// named by VOLLAND_OPENAPI_FILE.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
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
  // The document of this checkout's backend, whichever checkout the virtualenv was installed from.
  const repo = resolve(webDir, '..');
  const pythonPath = [repo, process.env.PYTHONPATH].filter(Boolean).join(delimiter);
  const env = { ...process.env, PYTHONPATH: pythonPath, VOLLAND_VAR_DIR: process.env.VOLLAND_VAR_DIR ?? tmp };
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
const ast = await openapiTS(document, { alphabetize: true, defaultNonNullable: false });
const header =
  '// Generated from the backend OpenAPI document by `npm run gen:api`. Do not edit by hand;\n' +
  '// `npm run check:api` fails when this file no longer matches the backend.\n\n';
const output = header + astToString(ast);
if (tmp) rmSync(tmp, { recursive: true, force: true });

// The domain vocabulary's lists (domain/vocabulary.py, the chart kinds of api/workspaces/kinds.py), as the OpenAPI document's enums: the web's pickers
// and validators import them from src/api/enums.ts instead of writing them again.
const schemas = document.components?.schemas ?? {};
function schemaEnum(schema, property) {
  let prop = schemas[schema]?.properties?.[property];
  if (prop?.items) prop = prop.items;
  if (!prop?.enum) fail(`The OpenAPI document has no enum for ${schema}.${property}.`);
  return prop.enum;
}
function parameterEnum(path, name) {
  const param = (document.paths?.[path]?.get?.parameters ?? []).find((p) => p.name === name);
  if (!param?.schema?.enum) fail(`The OpenAPI document has no enum for the ${name} parameter of ${path}.`);
  return param.schema.enum;
}
const ENUMS = [
  ['GREEKS', 'Greek', 'Greeks of the exposure routes', schemaEnum('ExposureBody', 'greek')],
  ['SURFACE_VALUES', 'SurfaceValue', 'What a surface shows: iv or a greek', schemaEnum('SurfaceBody', 'greek')],
  ['KINDS', 'Kind', 'Calls and puts, calls or puts', schemaEnum('ExposureBody', 'kind')],
  ['EXPIRATION_OPTIONS', 'ExpirationOptionWord', 'Words of the expirations grammar', schemaEnum('ExpirationsSelection', 'option')],
  ['TICKER_TYPES', 'TickerType', 'Ticker lists', parameterEnum('/api/v1/data/volland-live-api-tickers', 'type')],
  ['FREQUENCIES', 'Frequency', 'Candle lengths in minutes', parameterEnum('/api/v1/data/volland-live-api-candles', 'frequency')],
  ['SCREENER_FLAGS', 'ScreenerFlagWord', 'Screener measures', schemaEnum('ScreenerBody', 'flag')],
  ['SCREENER_LENGTHS', 'ScreenerLength', 'Screener list lengths', schemaEnum('ScreenerBody', 'length')],
  ['SCREENER_SUPERLATIVES', 'ScreenerSuperlativeWord', 'Screener orders', schemaEnum('ScreenerBody', 'superlative')],
  ['SCREENER_GREEKS', 'ScreenerGreekWord', 'Screener figures', schemaEnum('ScreenerBody', 'greek')],
  ['SCREENER_TIME_FRAMES', 'ScreenerTimeFrameWord', 'Screener time frames', schemaEnum('ScreenerBody', 'timeFrame')],
  ['CHART_TYPES', 'ChartType', "Chart kinds: a CHART widget's configuration.type", schemaEnum('ChartConfig', 'type')],
  ['CHART_NAMES', 'ChartName', 'Chart names of the charts that have them', schemaEnum('ChartConfig', 'chartName').filter((n) => n !== null)],
];

// The widget kinds table (api/workspaces/kinds.py) as the Widget schema states it: the grid's size table, and
// per kind the saved type, the size a new widget starts with and the chart names.
const kindRows = schemas.Widget?.['x-widget-kinds'];
if (!Array.isArray(kindRows)) fail('The OpenAPI document has no widget kinds table (Widget x-widget-kinds).');
const literal = (value) => JSON.stringify(value).replaceAll('"', "'").replaceAll(',', ', ').replaceAll(':', ': ');
const table = (name, doc, entries) =>
  `/** ${doc}. */\nexport const ${name} = {\n${entries.map(([k, v]) => `  ${literal(k)}: ${literal(v)},\n`).join('')}} as const;\n`;
const typeSizes = new Map();
for (const row of kindRows) if (!typeSizes.has(row.type)) typeSizes.set(row.type, row.sizes);
const kindsOnly = kindRows.filter((row) => row.kind !== null);
const TABLES = [
  table('WIDGET_SIZES', 'Sizes of each saved widget type: [columns, rows] in grid units per size letter', [...typeSizes]),
  table('WIDGET_KIND_TABLE', "Widget kinds in the widget dialog's order: saved type, the size a new widget starts with, chart names",
    kindsOnly.map((row) => [row.kind, { type: row.type, defaultSize: row.defaultSize, chartNames: row.chartNames }])),
  `/** Widget kinds in the widget dialog's order. */\nexport const WIDGET_KINDS = ${literal(kindsOnly.map((row) => row.kind))} as const;\n` +
    'export type WidgetKind = (typeof WIDGET_KINDS)[number];\n',
];
const enumsTarget = join(webDir, 'src/api/enums.ts');
const enumsOutput =
  header.replace('schema.d.ts', 'enums.ts') +
  ENUMS.map(
    ([name, type, doc, values]) =>
      `/** ${doc}. */\nexport const ${name} = ${JSON.stringify(values).replaceAll('"', "'").replaceAll(',', ', ')} as const;\n` +
      `export type ${type} = (typeof ${name})[number];\n`,
  ).join('\n') +
  '\n' +
  TABLES.join('\n');

const outputs = [
  [target, output, 'src/api/schema.d.ts'],
  [enumsTarget, enumsOutput, 'src/api/enums.ts'],
];
if (check) {
  let stale = false;
  for (const [file, text, name] of outputs) {
    const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (current !== text) {
      console.error(`${name} is out of date with the backend OpenAPI document; run \`npm run gen:api\` in web/.`);
      stale = true;
    }
  }
  if (stale) process.exit(1);
  console.log('src/api/schema.d.ts and src/api/enums.ts match the backend OpenAPI document.');
} else {
  for (const [file, text] of outputs) {
    writeFileSync(file, text);
    console.log(`Wrote ${file}`);
  }
}
