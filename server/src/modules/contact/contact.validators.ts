import { schemas } from '@pulso/shared';
import { validate } from '../../lib/validate';

export const contactValidator = validate(schemas.contactForm);
