import { schemas } from '@pulso/shared';
import { byName } from '../mappers';
import type { Route } from '../route';

/** The catalog module (server/src/modules/catalog): the exercise types and training goals classes name. */
export const catalogHandlers = (route: Route) => [
  route('GET /types', { access: 'anyone', ok: [200, schemas.namedItem.array()] }, ({ data }) =>
    [...data.types].sort(byName),
  ),
  route('GET /goals', { access: 'anyone', ok: [200, schemas.namedItem.array()] }, ({ data }) =>
    [...data.goals].sort(byName),
  ),
];
