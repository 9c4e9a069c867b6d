import Stripe from 'stripe';
import { ERROR_CODES, MESSAGES } from '@pulso/shared';
import { HttpError } from '../../lib/http-error';
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
    if (request.renewEveryMonths) return this.createSubscriptionCheckout(request, request.renewEveryMonths);
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

  /**
   * A renewing plan: Checkout in subscription mode, charged again every `months` by Stripe. The
   * subscription carries the payment's id, so its invoices and its end name Pulso's subscription.
   */
  private async createSubscriptionCheckout(request: CheckoutRequest, months: number) {
    const session = await this.client.checkout.sessions.create({
      mode: 'subscription',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: request.currency,
            unit_amount: toMinorUnits(request.amount, request.currency),
            product_data: { name: request.planName },
            recurring: stripeInterval(months),
          },
        },
      ],
      customer_email: request.email,
      client_reference_id: request.userId,
      metadata: { paymentId: request.paymentId, userId: request.userId },
      subscription_data: { metadata: { paymentId: request.paymentId, userId: request.userId } },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
    if (!session.url) throw new Error('Stripe did not return a checkout URL');
    return { sessionId: session.id, url: session.url };
  }
}

/** A plan's months as Stripe's billing interval (months up to 12, or whole years up to 3). */
export function stripeInterval(months: number): { interval: 'month' | 'year'; interval_count: number } {
  if (months <= 12) return { interval: 'month', interval_count: months };
  if (months % 12 === 0 && months <= 36) return { interval: 'year', interval_count: months / 12 };
  throw new HttpError(409, ERROR_CODES.CONFLICT, MESSAGES.subscriptions.stripeInterval);
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
