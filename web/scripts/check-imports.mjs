// Fails (exit 1) when the source folders import against their order or two modules import each other.
//   node scripts/check-imports.mjs
// Imports point down the list below (docs/design.md, web folder layout); type imports count too, since a
// type-only cycle is still two modules that cannot be understood apart. Test files are exempt.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** Single modules any folder may import: the vocabulary generated from the OpenAPI enums imports nothing. */
const SHARED = new Set(['api/enums.ts']);

/** Folder → folders it may import from (besides itself). */
const ALLOWED = {
  domain: [],
  api: ['domain'],
  lib: ['api', 'domain'],
  components: ['lib', 'api', 'domain'],
  content: [],
  widgets: ['components', 'lib', 'api', 'domain'],
  shell: ['components', 'lib', 'api', 'domain', 'content'],
  pages: ['components', 'lib', 'api', 'domain', 'content'],
  workspace: ['widgets', 'components', 'lib', 'api', 'domain'],
  app: ['workspace', 'pages', 'shell', 'widgets', 'components', 'lib', 'api', 'domain', 'content'],
  test: ['app', 'workspace', 'pages', 'shell', 'widgets', 'components', 'lib', 'api', 'domain', 'content'],
  'main.tsx': ['app'],
};

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const files = new Set(walk(src));
const resolveImport = (from, spec) => {
  const base = normalize(join(dirname(from), spec));
  for (const ext of ['.ts', '.tsx', '/index.ts', '/index.tsx']) if (files.has(base + ext)) return base + ext;
  return null;
};
const folderOf = (path) => relative(src, path).split(/[\\/]/)[0];

// Static imports and re-exports only: a dynamic import() is a lazy edge and may point anywhere.
const STATIC = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const graph = new Map();
const problems = [];
for (const file of files) {
  const targets = new Set();
  for (const m of readFileSync(file, 'utf8').matchAll(STATIC)) {
    const target = resolveImport(file, m[1]);
    if (!target) continue;
    targets.add(target);
    const [a, b] = [folderOf(file), folderOf(target)];
    if (a !== b && !(ALLOWED[a] ?? []).includes(b) && !SHARED.has(relative(src, target).replace(/\\/g, '/'))) problems.push(`${relative(src, file)} imports ${relative(src, target)} (${a} may not import ${b})`);
  }
  graph.set(file, targets);
}

// Cycles: Tarjan's strongly connected components.
let index = 0;
const idx = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
function strong(v) {
  idx.set(v, index);
  low.set(v, index++);
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v) ?? []) {
    if (!idx.has(w)) {
      strong(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(relative(src, w));
    } while (w !== v);
    if (component.length > 1) problems.push(`import cycle: ${component.sort().join(' ↔ ')}`);
  }
}
for (const v of files) if (!idx.has(v)) strong(v);

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`${files.size} modules: imports follow the folder order, no cycles.`);
