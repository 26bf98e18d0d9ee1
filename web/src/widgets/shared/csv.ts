// A widget's numbers as CSV (pure): a table of columns (each named with its unit) and rows. Numbers are
// written as JavaScript prints them (the shortest text that reads back to the same double), so a CSV cell
// equals the route's JSON number: no rounding beyond what the route serves. Kinds give their table with
// `toCsv` (widgets/types.ts); a kind without one gets `genericCsv`, every field of its answer.

export type CsvCell = string | number | boolean | null | undefined;

export interface CsvTable {
  /** Header cells: 'strike (price points)', 'value ($ delta per 1 % move)'. */
  columns: string[];
  rows: CsvCell[][];
}

/** 'value ($ delta per 1 % move)'; the bare name when there is no unit. */
export function withUnit(name: string, unit: string | null | undefined): string {
  return unit ? `${name} (${unit})` : name;
}

/** One cell: numbers exactly, non-finite and missing values empty, text quoted when it must be (RFC 4180). */
export function csvCell(v: CsvCell): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  const s = String(v);
  // A leading formula character is quoted with an apostrophe so a spreadsheet shows it as text.
  const safe = /^[=+\-@\t\r]/.test(s) && !/^[-+]?\d/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The CSV text: header row, then one line per row, CRLF line ends. */
export function csvText(t: CsvTable): string {
  return [t.columns, ...t.rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Reads CSV text back into rows of strings (quoted cells, doubled quotes, CRLF or LF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

type UnitMap = Record<string, { unit?: string | null } | null | undefined> | null | undefined;

/** The unit an answer gives a field: its `units[field]`, else its one `unit`, else none. */
export function unitOf(data: unknown, field: string): string | null {
  const d = data as { units?: UnitMap; unit?: { unit?: string | null } | null } | null;
  return d?.units?.[field]?.unit ?? null;
}

/** Fields of an answer that say where the numbers come from, not what they are. */
const META = new Set(['lastModified', 'source', 'sourceDelay', 'units']);

/**
 * Figures of a value answer as rows (figure, value, unit): each listed field with the unit the answer
 * serves for it (`units`), in the given order.
 */
export function figuresCsv(data: unknown, fields: { field: string; label?: string }[]): CsvTable {
  const d = (data ?? {}) as Record<string, unknown>;
  const rows: CsvCell[][] = [];
  for (const { field } of fields) {
    const v = d[field];
    if (Array.isArray(v)) v.forEach((x, i) => rows.push([`${field}[${i}]`, x as CsvCell, unitOf(data, field)]));
    else rows.push([field, v as CsvCell, unitOf(data, field)]);
  }
  return { columns: ['figure', 'value', 'unit'], rows };
}

/**
 * The fallback for a kind without `toCsv`: every number and word of its answer as (field, value, unit)
 * rows, nested fields by their dotted path ('levels.callWall', 'data[3].value'), with the unit the answer
 * names for the field (`units`); an answer's single `unit` is listed as its own rows ('unit.unit').
 */
export function genericCsv(data: unknown): CsvTable {
  const rows: CsvCell[][] = [];
  const walk = (v: unknown, path: string, root: string) => {
    if (v === null || v === undefined || typeof v !== 'object') {
      if (path) rows.push([path, v as CsvCell, unitOf(data, root)]);
      return;
    }
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}[${i}]`, root));
    else for (const [k, x] of Object.entries(v)) if (path || !META.has(k)) walk(x, path ? `${path}.${k}` : k, root || k);
  };
  walk(data, '', '');
  return { columns: ['field', 'value', 'unit'], rows };
}

/** A file name from a widget caption and its as-of time: 'SPX-Gamma-exposure-2026-01-02-1535'. */
export function exportFileName(caption: string, asOf: string | null | undefined, ext: 'csv' | 'png'): string {
  const stamp = (asOf ?? '').replace(/\.\d+/, '').replace(/Z$/, '').replace(/[T:]/g, (c) => (c === 'T' ? '-' : '')).slice(0, 15);
  const base = caption.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'widget';
  return `${base}${stamp ? `-${stamp}` : ''}.${ext}`;
}
