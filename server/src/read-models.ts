/**
 * Every module that keeps read models (lib/read-models.ts), imported for their registration so that
 * ensureReadModels() rebuilds them all wherever it runs (start-up, `npm run migrate`, a restore).
 */
import './modules/lessons/lessons.views';
import './modules/branches/branches.controller';
import './modules/plans/plans.controller';
import './modules/catalog/catalog.routes';
import './modules/calendar/calendar.service';

export { ensureReadModels } from './lib/read-models';
