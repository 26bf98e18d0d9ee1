import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { ApiDocumentationPage } from './ApiDocumentationPage';

/** The shape flask-smorest emits for POST/GET /api/v1/volland, plus the documentation extensions. */
const document = {
  openapi: '3.0.3',
  info: { title: 'Volland API', version: '1.0.0' },
  paths: {
    '/api/v1/volland': {
      post: {
        summary: 'Answer a list of request items',
        description: 'Each item costs 1 API credit (3 items cost 3).',
        security: [{ apiKeyAuth: [] }],
        'x-request-types': { exposure_request: { required: ['request_type', 'ticker', 'greek', 'kind', 'expirations'] }, paradigm_request: { required: ['request_type', 'ticker'] } },
        'x-supported-tickers': ['SPX', 'SPY', 'QQQ'],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/RequestsBody' }, example: { requests: [{ request_type: 'paradigm_request', ticker: 'SPX' }] } } } },
        responses: {
          '200': { description: 'OK' },
          '400': { description: 'Malformed JSON or item' },
          '401': { description: 'Missing or invalid key, or no Live subscription' },
          '429': { description: 'No API credits left' },
        },
      },
      get: { summary: 'Same call as POST', responses: {} },
    },
  },
  components: {
    securitySchemes: { apiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-KEY' } },
    schemas: {
      RequestsBody: { type: 'object', required: ['requests'], properties: { requests: { type: 'array', items: { $ref: '#/components/schemas/RequestItem' } } } },
      RequestItem: { type: 'object', required: ['request_type', 'ticker'], properties: { request_type: { type: 'string' }, ticker: { type: 'string' }, greek: { type: 'string' } } },
    },
  },
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ApiDocumentationPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('ApiDocumentationPage', () => {
  it('renders the operation, request types, errors and tickers from the OpenAPI document', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(document), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'API Documentation' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading the API documentation' })).toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'Answer a list of request items' })).toBeInTheDocument();
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/openapi.json');
    expect(screen.getByText('Each item costs 1 API credit (3 items cost 3).')).toBeInTheDocument();
    const types = screen.getByRole('table', { name: 'Required fields per request type' });
    expect(within(types).getByRole('row', { name: /^exposure_request/ })).toHaveTextContent('request_type, ticker, greek, kind, expirations');
    for (const status of ['400', '401', '429']) expect(screen.getByTestId(`response-${status}`)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Supported tickers' })).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('Same call as POST', { exact: false })).toBeInTheDocument();
    // Required fields read as such, and no internal schema name is shown.
    const items = screen.getByRole('table', { name: 'Each item of requests' });
    expect(within(items).getByRole('row', { name: /^request_type/ })).toHaveTextContent('Yes');
    expect(within(items).getByRole('row', { name: /^greek/ })).toHaveTextContent('No');
    expect(screen.queryByText(/RequestItem|RequestsBody/)).toBeNull();
  });

  it('says so when the document does not describe the data API', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ paths: {} }), { status: 200, headers: { 'Content-Type': 'application/json' } })));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('does not publish the data API');
  });
});
