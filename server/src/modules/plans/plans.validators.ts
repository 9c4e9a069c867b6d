import { schemas } from '@pulso/shared';
import { validate } from '../../lib/validate';

export const planValidator = validate(schemas.planForm);
