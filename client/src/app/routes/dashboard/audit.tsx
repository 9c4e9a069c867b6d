import { AuditTrail } from '../../../features/audit/components/audit-trail';
import { es } from '../../../i18n/es';
import { usePageTitle } from '../../../lib/use-page-title';

/** /dashboard/registro: every change staff made, who, when and from where (issue 24, item 5). */
export function AuditRoute() {
  usePageTitle(es.titles.dashboard(es.dashboard.audit));
  return <AuditTrail />;
}
