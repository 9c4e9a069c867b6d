import { schemas } from '@pulso/shared';
import { validate } from '../../lib/validate';

export const reviewValidator = validate(schemas.reviewForm);
