import { validatePlanForm } from '@pulso/shared';
import { validateBody } from '../../lib/validate';

export const planValidator = validateBody(
  { name: 'string', benefits: 'string', duration: 'numberOrString', price: 'numberOrString' },
  (input) => validatePlanForm(input),
);
