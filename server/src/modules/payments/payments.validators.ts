import { schemas } from '@pulso/shared';
import { validate } from '../../lib/validate';

export const checkoutValidator = validate(schemas.checkoutForm);
export const manualPaymentValidator = validate(schemas.manualPaymentForm);
