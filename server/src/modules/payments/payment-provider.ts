import { randomBytes } from 'node:crypto';

export interface CheckoutRequest {
  paymentId: string;
  userId: string;
  email: string;
  planName: string;
  amount: number;
  currency: string;
  /** A renewing plan: charged again every this many months (Stripe: subscription mode); null: once. */
  renewEveryMonths?: number | null;
  successUrl: string;
  cancelUrl: string;
}

/** A card payment provider: it makes a checkout session the browser is sent to. */
export interface PaymentProvider {
  readonly name: 'demo' | 'stripe';
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
}

/**
 * The default provider: a checkout page inside the SPA (/stripe/checkout/:sessionId, the spec's
 * route that names the card provider) with 'Pagar' and 'Cancelar'. No account, no network. Its URL
 * is a path, so the SPA opens it at its own origin, where the member's session is stored, whatever
 * address the site was opened at or wherever the SPA is served from.
 */
export class DemoPaymentProvider implements PaymentProvider {
  readonly name = 'demo' as const;

  async createCheckout(): Promise<{ sessionId: string; url: string }> {
    const sessionId = `demo_${randomBytes(12).toString('hex')}`;
    return { sessionId, url: `/stripe/checkout/${sessionId}` };
  }
}
