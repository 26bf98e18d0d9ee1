// The import check (scripts/check-imports.mjs) on small source trees: what it refuses inside widgets/.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = resolve(__dirname, '../../scripts/check-imports.mjs');
const trees: string[] = [];
afterEach(() => trees.splice(0).forEach((t) => rmSync(t, { recursive: true, force: true })));

function check(files: Record<string, string>): { ok: boolean; output: string } {
  const root = mkdtempSync(join(tmpdir(), 'check-imports-'));
  trees.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  try {
    return { ok: true, output: execFileSync(process.execPath, [script, root], { encoding: 'utf8', stdio: 'pipe' }) };
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    return { ok: false, output: `${err.stdout ?? ''}${err.stderr ?? ''}` };
  }
}

const registry = "const folders = import.meta.glob('./*/index.ts', { eager: true });\nexport const kinds = Object.keys(folders);\n";
const kind = "import { lazy } from 'react';\nexport default { Editor: lazy(() => import('./Editor')) };\n";

describe('check-imports', () => {
  it('passes a registry that finds its kinds and kinds that import only shared parts', () => {
    const r = check({
      'widgets/registry.ts': registry,
      'widgets/kinds.ts': "import { kinds } from './registry';\nexport const n = kinds.length;\n",
      'widgets/a/index.ts': kind,
      'widgets/a/Editor.tsx': "import { label } from '../shared/labels';\nexport default () => label;\n",
      'widgets/shared/labels.ts': "export const label = 'A';\n",
    });
    expect(r).toEqual({ ok: true, output: expect.stringContaining('no cycles') });
  });
  it('refuses a circle closed by a lazy editor importing the registry', () => {
    const r = check({
      'widgets/registry.ts': registry,
      'widgets/kinds.ts': "import { kinds } from './registry';\nexport const label = kinds[0];\n",
      'widgets/a/index.ts': kind,
      'widgets/a/Editor.tsx': "import { label } from '../kinds';\nexport default () => label;\n",
    });
    expect(r.ok).toBe(false);
    expect(r.output).toContain('import cycle: widgets/a/Editor.tsx ↔ widgets/a/index.ts ↔ widgets/kinds.ts ↔ widgets/registry.ts');
    expect(r.output).toContain('widgets/a/Editor.tsx imports widgets/kinds.ts (a kind does not import the registry)');
  });
  it('refuses a shared part that imports a kind', () => {
    const r = check({
      'widgets/a/transform.ts': 'export const x = 1;\n',
      'widgets/shared/builders.ts': "import { x } from '../a/transform';\nexport const y = x;\n",
    });
    expect(r.ok).toBe(false);
    expect(r.output).toContain('widgets/shared/builders.ts imports widgets/a/transform.ts (shared widget parts import no kind and nothing above them)');
  });
});
