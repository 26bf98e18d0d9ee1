// Fails (exit 1) when the source folders import against their order or two modules import each other.
//   node scripts/check-imports.mjs [SRC]     (SRC: the source folder, web/src by default)
// Imports point down the list below (docs/design.md, web folder layout); type imports count too, since a
// type-only cycle is still two modules that cannot be understood apart. A lazy `import()` may point to any
// folder (a chunk loaded on demand), but it counts in the cycle check: a registry that lazily loads an
// editor which imports the registry is still a circle. `import.meta.glob` patterns are followed like the
// imports they stand for. Inside widgets/, the shared parts import no kind and nothing above them, and no
// kind imports the registry. Test files are exempt.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const src = process.argv[2] ? resolve(process.argv[2]) : resolve(dirname(fileURLToPath(import.meta.url)), '../src');

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

// Static imports and re-exports follow the folder order; dynamic import() is a lazy edge and may point
// anywhere; import.meta.glob('./*/index.ts') stands for an import of every file it matches.
const STATIC = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const LAZY = /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
const GLOB = /\bimport\.meta\.glob(?:<[^>]*>)?\(\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const globTargets = (from, pattern) => {
  const base = normalize(join(dirname(from), pattern)).replace(/\\/g, '/');
  const re = new RegExp(`^${base.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*/g, '\u0000').replace(/\*/g, '[^/]*').replace(/\u0000/g, '.*')}$`);
  return [...files].filter((f) => re.test(f.replace(/\\/g, '/')));
};
const rel = (path) => relative(src, path).replace(/\\/g, '/');
/** Inside widgets/: what a module may not import there (shared parts: no kind, no registry; kinds: no registry). */
const KIND_TOP = new Set(['widgets/registry.ts', 'widgets/kinds.ts', 'widgets/WidgetBody.tsx']);
function widgetsRule(from, to) {
  const [a, b] = [rel(from), rel(to)];
  if (!a.startsWith('widgets/') || !b.startsWith('widgets/')) return null;
  if (a.startsWith('widgets/shared/') && !b.startsWith('widgets/shared/') && b !== 'widgets/types.ts') return 'shared widget parts import no kind and nothing above them';
  const kind = a.split('/').length > 2 && !a.startsWith('widgets/shared/');
  if (kind && KIND_TOP.has(b)) return 'a kind does not import the registry';
  return null;
}
const graph = new Map();
const problems = [];
for (const file of files) {
  const targets = new Set();
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(STATIC)) {
    const target = resolveImport(file, m[1]);
    if (!target) continue;
    targets.add(target);
    const [a, b] = [folderOf(file), folderOf(target)];
    if (a !== b && !(ALLOWED[a] ?? []).includes(b) && !SHARED.has(rel(target))) problems.push(`${rel(file)} imports ${rel(target)} (${a} may not import ${b})`);
  }
  for (const m of text.matchAll(GLOB)) {
    for (const target of globTargets(file, m[1])) {
      targets.add(target);
      const [a, b] = [folderOf(file), folderOf(target)];
      if (a !== b && !(ALLOWED[a] ?? []).includes(b)) problems.push(`${rel(file)} imports ${rel(target)} (${a} may not import ${b})`);
    }
  }
  for (const m of text.matchAll(LAZY)) {
    const target = resolveImport(file, m[1]);
    if (target) targets.add(target);
  }
  for (const target of targets) {
    const rule = widgetsRule(file, target);
    if (rule) problems.push(`${rel(file)} imports ${rel(target)} (${rule})`);
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
