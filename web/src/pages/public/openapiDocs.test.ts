import { describe, expect, it } from 'vitest';
import { extractPublicApiDoc, requestTypesOf, typeLabel } from './openapiDocs';

/** A document shaped like flask-smorest's output, with refs, examples and errors. */
const doc = {
  openapi: '3.0.3',
  info: { title: 'Volland API', version: '1.0.0' },
  paths: {
    '/api/v1/volland': {
      post: {
        summary: 'Query Volland data',
        description: 'Each item in `requests` costs **1 credit**.',
        security: [{ apiKeyAuth: [] }],
        'x-credits-per-item': 1,
        requestBody: {
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/PublicRequest' },
              examples: { trend: { summary: 'Trend of SPX gamma', value: { requests: [{ request_type: 'trend_request', ticker: 'SPX', greek: 'gamma' }] } } },
            },
          },
        },
        responses: {
          '200': { description: 'One item per request', content: { 'application/json': { example: [{ ticker: 'SPX', data: {} }] } } },
          '400': { description: 'The request JSON is not in the correct format.' },
          '401': { $ref: '#/components/responses/Unauthorized' },
          '429': { description: 'No API credits left.' },
        },
      },
    },
    '/api/v1/volland/tickers': { get: { summary: 'Supported tickers' } },
    '/api/v1/users': { get: { summary: 'not public' } },
  },
  components: {
    securitySchemes: { apiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-KEY', description: 'Your key.' } },
    responses: { Unauthorized: { description: 'Missing or invalid key, or no Live subscription.' } },
    schemas: {
      PublicRequest: {
        type: 'object',
        required: ['requests'],
        properties: { requests: { type: 'array', items: { $ref: '#/components/schemas/RequestItem' } } },
      },
      RequestItem: {
        type: 'object',
        required: ['request_type', 'ticker'],
        properties: {
          request_type: { type: 'string', enum: ['exposure_request', 'trend_request', 'paradigm_request'] },
          ticker: { type: 'string', enum: ['SPX', 'SPY', 'QQQ'] },
          expirations: { type: 'array', items: { type: 'string', format: 'date' } },
        },
        'x-request-types': {
          exposure_request: { required: ['request_type', 'ticker', 'greek', 'kind', 'expirations'] },
          trend_request: { required: ['request_type', 'ticker', 'greek'], description: 'Last 180 days.' },
          paradigm_request: ['request_type', 'ticker'],
        },
      },
    },
  },
};

describe('extractPublicApiDoc', () => {
  const out = extractPublicApiDoc(doc)!;

  it('finds the POST /api/v1/volland operation', () => {
    expect(out.method).toBe('POST');
    expect(out.path).toBe('/api/v1/volland');
    expect(out.summary).toBe('Query Volland data');
    expect(out.creditsPerItem).toBe(1);
  });

  it('reads the API key header from the security scheme', () => {
    expect(out.authHeaders).toEqual([{ name: 'X-API-KEY', description: 'Your key.' }]);
  });

  it('resolves body and item fields with required flags and types', () => {
    expect(out.bodyFields).toEqual([expect.objectContaining({ name: 'requests', type: 'array of objects', required: true })]);
    const byName = Object.fromEntries(out.itemFields.map((f) => [f.name, f]));
    expect(byName.ticker.required).toBe(true);
    expect(byName.expirations).toMatchObject({ type: 'array of string (date)', required: false });
    expect(out.itemSchemaName).toBe('RequestItem');
  });

  it('lists request types with their own required fields from x-request-types', () => {
    expect(out.requestTypes).toEqual([
      { name: 'exposure_request', description: undefined, required: ['request_type', 'ticker', 'greek', 'kind', 'expirations'] },
      { name: 'trend_request', description: 'Last 180 days.', required: ['request_type', 'ticker', 'greek'] },
      { name: 'paradigm_request', description: undefined, required: ['request_type', 'ticker'] },
    ]);
  });

  it('collects examples, responses (resolving refs) and tickers', () => {
    expect(out.requestExamples.map((e) => e.title)).toEqual(['Trend of SPX gamma']);
    expect(out.responses.map((r) => r.status)).toEqual(['200', '400', '401', '429']);
    expect(out.responses.find((r) => r.status === '401')!.description).toMatch(/Live subscription/);
    expect(out.responses[0].examples).toHaveLength(1);
    expect(out.tickers).toEqual(['SPX', 'SPY', 'QQQ']);
    expect(out.related).toEqual([{ method: 'GET', path: '/api/v1/volland/tickers', summary: 'Supported tickers' }]);
  });

  it('returns null when the document does not describe the public API', () => {
    expect(extractPublicApiDoc({ paths: { '/api/v1/users': { get: {} } } })).toBeNull();
    expect(extractPublicApiDoc('nonsense')).toBeNull();
  });
});

describe('extractPublicApiDoc with a GET form of the call', () => {
  it('prefers POST and lists the GET form as an alternate', () => {
    const d = {
      paths: {
        '/api/v1/volland': {
          post: { summary: 'Answer a list of request items', responses: { '200': { description: 'OK' } } },
          get: { summary: 'Same call as POST', responses: { '200': { description: 'OK' } } },
        },
      },
    };
    const out = extractPublicApiDoc(d)!;
    expect(out.method).toBe('POST');
    expect(out.alternates).toEqual([{ method: 'GET', summary: 'Same call as POST', description: undefined }]);
  });
});

describe('requestTypesOf', () => {
  it('reads oneOf variants named by their single request_type value', () => {
    const d = {
      components: {
        schemas: {
          Paradigm: { type: 'object', required: ['request_type', 'ticker'], properties: { request_type: { type: 'string', enum: ['paradigm_request'] }, ticker: { type: 'string' } } },
        },
      },
    };
    const item = { oneOf: [{ $ref: '#/components/schemas/Paradigm' }] };
    expect(requestTypesOf(d, {}, item)).toEqual([{ name: 'paradigm_request', description: undefined, required: ['request_type', 'ticker'] }]);
  });

  it('falls back to the request_type enum with the shared required list', () => {
    const item = { required: ['request_type'], properties: { request_type: { enum: ['a', 'b'] } } };
    expect(requestTypesOf({}, {}, item).map((t) => [t.name, t.required])).toEqual([
      ['a', ['request_type']],
      ['b', ['request_type']],
    ]);
  });
});

describe('typeLabel', () => {
  it('labels nullable, unions and refs', () => {
    expect(typeLabel({}, { type: 'number', nullable: true })).toBe('number | null');
    expect(typeLabel({}, { oneOf: [{ type: 'number' }, { type: 'array', items: { type: 'number' } }] })).toBe('number | array of number');
    expect(typeLabel({ components: { schemas: { Thing: { type: 'object', properties: {} } } } }, { $ref: '#/components/schemas/Thing' })).toBe('object');
    expect(typeLabel({ components: { schemas: { Day: { type: 'string', format: 'date' } } } }, { $ref: '#/components/schemas/Day' })).toBe('string (date)');
  });
});
