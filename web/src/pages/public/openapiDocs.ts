/**
 * Extracts the public data API's documentation from the backend's OpenAPI 3 document, so the
 * /api/documentation page renders what the server actually implements instead of a second copy.
 * Pure functions over plain JSON; every lookup tolerates missing pieces.
 */

type Json = Record<string, unknown>;

export const PUBLIC_API_PATH = '/api/v1/volland';

export interface DocField {
  name: string;
  type: string;
  required: boolean;
  description?: string;
  enumValues?: string[];
  example?: unknown;
}

export interface RequestTypeDoc {
  name: string;
  description?: string;
  required: string[];
}

export interface DocExample {
  key: string;
  title: string;
  description?: string;
  value: unknown;
}

export interface DocResponse {
  status: string;
  description: string;
  examples: DocExample[];
}

export interface PublicApiDoc {
  title: string;
  version?: string;
  method: string;
  path: string;
  summary?: string;
  description?: string;
  authHeaders: { name: string; description?: string }[];
  bodyFields: DocField[];
  itemFields: DocField[];
  itemSchemaName?: string;
  requestTypes: RequestTypeDoc[];
  requestExamples: DocExample[];
  responses: DocResponse[];
  creditsPerItem?: number;
  tickers: string[];
  related: { method: string; path: string; summary?: string }[];
  /** Other methods on the same path (the GET form of the call). */
  alternates: { method: string; summary?: string; description?: string }[];
}

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

/** Follows a local `$ref` ("#/components/schemas/X"); loops and foreign refs yield the input. */
export function resolveRef(doc: unknown, node: unknown, depth = 0): Json {
  if (!isObj(node)) return {};
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/') || depth > 16) return node;
  let cur: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    cur = isObj(cur) ? cur[part] : undefined;
  }
  return isObj(cur) ? resolveRef(doc, cur, depth + 1) : {};
}

export function refName(node: unknown): string | undefined {
  if (isObj(node) && typeof node.$ref === 'string') return node.$ref.split('/').pop();
  return undefined;
}

/**
 * Human type label: "string (date)", "array of string", "array of objects", "integer | null". A reference
 * reads as the type it points to, never as the server's internal schema name.
 */
export function typeLabel(doc: unknown, node: unknown, depth = 0): string {
  if (refName(node)) {
    const target = resolveRef(doc, node);
    return depth < 4 && isObj(target) && !refName(target) ? typeLabel(doc, target, depth + 1) : 'object';
  }
  if (!isObj(node)) return 'any';
  for (const key of ['oneOf', 'anyOf'] as const) {
    const variants = node[key];
    if (Array.isArray(variants)) return variants.map((v) => typeLabel(doc, v, depth + 1)).join(' | ');
  }
  if (Array.isArray(node.allOf) && node.allOf.length === 1) return typeLabel(doc, node.allOf[0], depth + 1);
  let type = Array.isArray(node.type) ? node.type.join(' | ') : str(node.type) ?? (isObj(node.properties) ? 'object' : 'any');
  if (type === 'array') {
    const item = typeLabel(doc, node.items, depth + 1);
    type = item === 'object' ? 'array of objects' : `array of ${item}`;
  }
  else if (str(node.format)) type = `${type} (${node.format as string})`;
  if (node.nullable === true) type += ' | null';
  return type;
}

function enumOf(doc: unknown, node: unknown): string[] | undefined {
  const schema = resolveRef(doc, node);
  const values = Array.isArray(schema.enum) ? schema.enum : Array.isArray(resolveRef(doc, schema.items).enum) ? (resolveRef(doc, schema.items).enum as unknown[]) : undefined;
  return values?.map((v) => String(v));
}

/** Properties of an object schema (merging allOf parts) with their required flags. */
export function schemaFields(doc: unknown, node: unknown): DocField[] {
  const schema = resolveRef(doc, node);
  const parts = Array.isArray(schema.allOf) ? schema.allOf.map((p) => resolveRef(doc, p)) : [schema];
  const fields: DocField[] = [];
  for (const part of parts) {
    const required = new Set(Array.isArray(part.required) ? part.required.map(String) : []);
    const props = isObj(part.properties) ? part.properties : {};
    for (const [name, prop] of Object.entries(props)) {
      const resolved = resolveRef(doc, prop);
      fields.push({
        name,
        type: typeLabel(doc, prop),
        required: required.has(name),
        description: str(resolved.description) ?? str((prop as Json)?.description),
        enumValues: enumOf(doc, prop),
        example: resolved.example,
      });
    }
  }
  return fields;
}

function findOperation(doc: Json): { path: string; method: string; op: Json } | null {
  const paths = isObj(doc.paths) ? doc.paths : {};
  const candidates = [PUBLIC_API_PATH, ...Object.keys(paths).filter((p) => /\/volland\/?$/.test(p))];
  for (const path of candidates) {
    const item = paths[path];
    if (!isObj(item)) continue;
    for (const method of ['post', 'get']) {
      if (isObj(item[method])) return { path, method: method.toUpperCase(), op: item[method] as Json };
    }
  }
  return null;
}

function jsonContent(node: Json): Json {
  const content = isObj(node.content) ? node.content : {};
  const key = Object.keys(content).find((k) => k.includes('json')) ?? Object.keys(content)[0];
  return key && isObj(content[key]) ? (content[key] as Json) : {};
}

function examplesOf(doc: unknown, media: Json, fallbackTitle: string): DocExample[] {
  const out: DocExample[] = [];
  if (isObj(media.examples)) {
    for (const [key, raw] of Object.entries(media.examples)) {
      const ex = resolveRef(doc, raw);
      out.push({ key, title: str(ex.summary) ?? key.replace(/[_-]+/g, ' '), description: str(ex.description), value: ex.value });
    }
  }
  if (out.length === 0 && media.example !== undefined) out.push({ key: 'example', title: fallbackTitle, value: media.example });
  if (out.length === 0) {
    const schemaExample = resolveRef(doc, media.schema).example;
    if (schemaExample !== undefined) out.push({ key: 'schema-example', title: fallbackTitle, value: schemaExample });
  }
  return out;
}

function requestTypeName(doc: unknown, variant: Json, fallback: string): string {
  const props = isObj(variant.properties) ? variant.properties : {};
  const rt = resolveRef(doc, props.request_type);
  if (Array.isArray(rt.enum) && rt.enum.length === 1) return String(rt.enum[0]);
  if (rt.const !== undefined) return String(rt.const);
  return str(variant.title) ?? fallback;
}

/**
 * Request types with their required fields. Understands, in order: oneOf/anyOf variants of the item
 * schema, an `x-request-types` extension (on the operation or the item schema; a map or a list), and a
 * plain `request_type` enum (all types then share the schema's required list).
 */
export function requestTypesOf(doc: unknown, op: Json, itemNode: unknown): RequestTypeDoc[] {
  const item = resolveRef(doc, itemNode);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const variants = item[key];
    if (Array.isArray(variants) && variants.length > 0) {
      return variants.map((v, i) => {
        const variant = resolveRef(doc, v);
        const required = schemaFields(doc, v).filter((f) => f.required).map((f) => f.name);
        return { name: requestTypeName(doc, variant, refName(v) ?? `Variant ${i + 1}`), description: str(variant.description), required };
      });
    }
  }
  const ext = op['x-request-types'] ?? item['x-request-types'];
  if (isObj(ext)) {
    return Object.entries(ext).map(([name, v]) => {
      const spec = isObj(v) ? v : Array.isArray(v) ? { required: v } : {};
      return { name, description: str(spec.description), required: Array.isArray(spec.required) ? spec.required.map(String) : [] };
    });
  }
  if (Array.isArray(ext)) {
    return ext.filter(isObj).map((v) => ({
      name: str(v.name) ?? str(v.request_type) ?? 'request',
      description: str(v.description),
      required: Array.isArray(v.required) ? v.required.map(String) : [],
    }));
  }
  const types = enumOf(doc, (isObj(item.properties) ? item.properties : {}).request_type);
  if (types) {
    const required = Array.isArray(item.required) ? item.required.map(String) : [];
    return types.map((name) => ({ name, required }));
  }
  return [];
}

function collectTickers(doc: Json, op: Json, itemNode: unknown): string[] {
  const asList = (v: unknown) => (Array.isArray(v) && v.every((t) => typeof t === 'string') && v.length > 0 ? (v as string[]) : null);
  const info = isObj(doc.info) ? doc.info : {};
  const direct = asList(op['x-supported-tickers']) ?? asList(doc['x-supported-tickers']) ?? asList(info['x-supported-tickers']);
  if (direct) return direct;
  const item = resolveRef(doc, itemNode);
  const tickerEnum = enumOf(doc, (isObj(item.properties) ? item.properties : {}).ticker);
  if (tickerEnum && tickerEnum.length > 0) return tickerEnum;
  const schemas = isObj(doc.components) && isObj((doc.components as Json).schemas) ? ((doc.components as Json).schemas as Json) : {};
  for (const [name, schema] of Object.entries(schemas)) {
    if (!/ticker/i.test(name)) continue;
    const s = resolveRef(doc, schema);
    const list = asList(s.enum) ?? asList(resolveRef(doc, s.items).enum) ?? asList(s.example) ?? asList(s['x-supported-tickers']);
    if (list) return list;
    const props = isObj(s.properties) ? s.properties : {};
    for (const p of Object.values(props)) {
      const pr = resolveRef(doc, p);
      const l = asList(pr.enum) ?? asList(resolveRef(doc, pr.items).enum) ?? asList(pr.example);
      if (l) return l;
    }
  }
  return [];
}

function numberOf(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** The documentation of `POST /api/v1/volland`, or null when the document does not describe it. */
export function extractPublicApiDoc(input: unknown): PublicApiDoc | null {
  if (!isObj(input)) return null;
  const doc = input;
  const found = findOperation(doc);
  if (!found) return null;
  const { op, path, method } = found;
  const info = isObj(doc.info) ? doc.info : {};

  const body = jsonContent(resolveRef(doc, op.requestBody));
  const bodySchema = resolveRef(doc, body.schema);
  const bodyProps = isObj(bodySchema.properties) ? bodySchema.properties : {};
  const requestsNode = resolveRef(doc, bodyProps.requests);
  const itemNode = requestsNode.items ?? (Array.isArray(bodySchema.items) ? undefined : bodySchema.items);

  const schemes = isObj(doc.components) && isObj((doc.components as Json).securitySchemes) ? ((doc.components as Json).securitySchemes as Json) : {};
  const security = Array.isArray(op.security) ? op.security : Array.isArray(doc.security) ? doc.security : [];
  const authHeaders: PublicApiDoc['authHeaders'] = [];
  for (const requirement of security) {
    if (!isObj(requirement)) continue;
    for (const name of Object.keys(requirement)) {
      const scheme = resolveRef(doc, schemes[name]);
      if (scheme.type === 'apiKey' && scheme.in === 'header' && str(scheme.name)) {
        if (!authHeaders.some((h) => h.name === scheme.name)) authHeaders.push({ name: scheme.name as string, description: str(scheme.description) });
      }
    }
  }
  const params = Array.isArray(op.parameters) ? op.parameters.map((p) => resolveRef(doc, p)) : [];
  for (const p of params) {
    if (p.in === 'header' && str(p.name) && !authHeaders.some((h) => h.name === p.name)) authHeaders.push({ name: p.name as string, description: str(p.description) });
  }

  const responses = isObj(op.responses) ? op.responses : {};
  const docResponses: DocResponse[] = Object.entries(responses)
    .map(([status, raw]) => {
      const r = resolveRef(doc, raw);
      return { status, description: str(r.description) ?? '', examples: examplesOf(doc, jsonContent(r), `Example ${status} response`) };
    })
    .sort((a, b) => a.status.localeCompare(b.status));

  const related: PublicApiDoc['related'] = [];
  const paths = isObj(doc.paths) ? doc.paths : {};
  for (const [p, item] of Object.entries(paths)) {
    if (p === path || !p.startsWith(`${path}/`) || !isObj(item)) continue;
    for (const [m, o] of Object.entries(item)) {
      if (isObj(o) && ['get', 'post', 'put', 'delete', 'patch'].includes(m)) related.push({ method: m.toUpperCase(), path: p, summary: str(o.summary) });
    }
  }

  const alternates: PublicApiDoc['alternates'] = [];
  const samePath = paths[path];
  if (isObj(samePath)) {
    for (const [m, o] of Object.entries(samePath)) {
      if (m.toUpperCase() !== method && isObj(o) && ['get', 'post', 'put', 'delete', 'patch'].includes(m)) {
        alternates.push({ method: m.toUpperCase(), summary: str(o.summary), description: str(o.description) });
      }
    }
  }

  return {
    title: str(info.title) ?? 'API',
    version: str(info.version),
    method,
    path,
    summary: str(op.summary),
    description: str(op.description),
    authHeaders,
    bodyFields: schemaFields(doc, body.schema),
    itemFields: itemNode ? schemaFields(doc, itemNode) : [],
    itemSchemaName: refName(itemNode),
    requestTypes: itemNode ? requestTypesOf(doc, op, itemNode) : [],
    requestExamples: examplesOf(doc, body, 'Example request'),
    responses: docResponses,
    creditsPerItem: numberOf(op['x-credits-per-item']) ?? numberOf(op['x-credit-cost']),
    tickers: collectTickers(doc, op, itemNode),
    related,
    alternates,
  };
}
