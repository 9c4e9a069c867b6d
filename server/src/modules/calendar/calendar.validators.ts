import { schemas } from '@pulso/shared';
import { validate } from '../../lib/validate';

export { parseDate } from '@pulso/shared';
export const eventValidator = validate(schemas.eventForm);
