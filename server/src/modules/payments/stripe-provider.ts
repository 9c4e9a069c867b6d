import Stripe from 'stripe';
import type { CheckoutRequest, PaymentProvider } from './payment-provider';

/** Zero-decimal currencies are charged in whole units; the others in cents. */
const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);

export function toMinorUnits(amount: number, currency: string): number {
  return ZERO_DECIMAL.has(currency) ? Math.round(amount) : Math.round(amount * 100);
}

/** Stripe Checkout in payment mode; the membership is granted by the signed webhook, never by a redirect. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  constructor(readonly client: Stripe) {}

  async createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }> {
    const session = await this.client.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: request.currency,
            unit_amount: toMinorUnits(request.amount, request.currency),
            product_data: { name: request.planName },
          },
        },
      ],
      customer_email: request.email,
      client_reference_id: request.userId,
      metadata: { paymentId: request.paymentId, userId: request.userId },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
    if (!session.url) throw new Error('Stripe did not return a checkout URL');
    return { sessionId: session.id, url: session.url };
  }
}

/** A Stripe client from configuration; `apiBase` points it at a local fake (tests, stripe-mock). */
export function createStripeClient(secretKey: string, apiBase?: string): Stripe {
  if (!apiBase) return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  const url = new URL(apiBase);
  return new Stripe(secretKey, {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 0,
    timeout: 10_000,
  });
}
