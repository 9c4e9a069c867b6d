import { auditSentence, auditValueText, type AuditEntryDto } from '@pulso/shared';
import { dashboardAuditEs as t } from '../../../i18n/dashboard-audit';

/** 'Suspendió a «Ana López»': what was done to which record. */
export const auditWhat = (entry: Pick<AuditEntryDto, 'action' | 'entity' | 'label'>): string => auditSentence(entry);

/** The fields an entry changed, one a line: 'Precio: 30000 → 35000'. */
export function AuditChanges({ entry }: { entry: Pick<AuditEntryDto, 'changes'> }) {
  return (
    <ul className="audit__changes">
      {entry.changes.map((change) => (
        <li key={change.field}>
          {t.change(change.label, auditValueText(change.before), auditValueText(change.after))}
        </li>
      ))}
    </ul>
  );
}
