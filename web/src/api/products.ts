import { queryOptions } from '@tanstack/react-query';
import { ApiRequestError, request } from './client';

export type PlanType = 'regular' | 'api';

import type { components } from './schema';

export type Product = components['schemas']['Product'];

/** The product's price, or null when it is sold on request. */
export function priceOf(product: Product): { id: string; amount: number } | null {
  const p = product.price as { id?: string; amount?: number } | null;
  return p && typeof p.amount === 'number' && p.id ? { id: p.id, amount: p.amount } : null;
}

export const API_PRODUCT_TYPE = 'volland-api';

export const productKeys = {
  all: ['products'] as const,
  list: (type: PlanType) => [...productKeys.all, type] as const,
};

export type ProductList = components['schemas']['ProductList'];
/** real: paid plans; test: test payments (nothing is charged); off: nothing can be bought here. */
export type Payments = ProductList['payments'];

/** The plans for sale and how they are paid for (the same catalogue whatever `payments` says). */
export const productsQuery = (type: PlanType) =>
  queryOptions({
    queryKey: productKeys.list(type),
    queryFn: ({ signal }) =>
      request<ProductList>('stripe/products', {
        query: type === 'api' ? { productType: API_PRODUCT_TYPE } : undefined,
        auth: 'access',
        signal,
      }),
    staleTime: 10 * 60_000,
  });

export function createCheckoutSession(priceId: string, opts: { type: PlanType; referral?: string | null }): Promise<components['schemas']['Url']> {
  return request<{ url: string }>(`stripe/checkout-session/${encodeURIComponent(priceId)}`, {
    query: opts.type === 'api' ? { productType: API_PRODUCT_TYPE, fp_ref: opts.referral ?? undefined } : { fp_ref: opts.referral ?? undefined },
  });
}

export function createPortalSession(): Promise<components['schemas']['Url']> {
  return request<{ url: string }>('stripe/portal-session', { method: 'POST' });
}

export const PURCHASING_UNAVAILABLE = 'Purchasing is not available on this installation.';
/** Said under 'Test payments' wherever plans are sold with test payments. */
export const TEST_PAYMENTS_DETAIL = 'nothing is charged on this installation. Plans and API requests bought here are for development and demos.';

/** 503 from the payment routes means no payment provider is configured here. */
export function isPurchasingUnavailable(err: unknown): boolean {
  return err instanceof ApiRequestError && (err.status === 503 || err.code === 'payments_unavailable' || err.code === 'billing_unavailable');
}
