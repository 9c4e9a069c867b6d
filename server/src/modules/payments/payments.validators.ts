import { MESSAGES, type FieldErrors } from '@pulso/shared';
import { validateBody } from '../../lib/validate';

/** SPEC §7 body: id (the buyer), name, price, benefits, duration; only id, name and planId are read. */
export const checkoutValidator = validateBody(
  { id: 'string', name: 'string', planId: 'string' },
  (input): FieldErrors => (input.planId || input.name ? {} : { name: MESSAGES.payments.planRequired }),
);

export const manualPaymentValidator = validateBody({ userId: 'string', planId: 'string' }, (input) => ({
  ...(/^[0-9a-f]{24}$/i.test(String(input.userId ?? '')) ? {} : { userId: MESSAGES.payments.userRequired }),
  ...(/^[0-9a-f]{24}$/i.test(String(input.planId ?? '')) ? {} : { planId: MESSAGES.payments.planRequired }),
}));
