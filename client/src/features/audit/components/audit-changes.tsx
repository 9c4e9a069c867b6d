import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, auditValueText, type AuditEntryDto } from '@pulso/shared';
import { dashboardAuditEs as t } from '../../../i18n/dashboard-audit';

/** 'Modificó Membresía «Plus»': what was done to which record. */
export function auditWhat(entry: Pick<AuditEntryDto, 'action' | 'entity' | 'label'>): string {
  return `${AUDIT_ACTION_LABELS[entry.action]} ${AUDIT_ENTITY_LABELS[entry.entity].toLowerCase()}${entry.label ? ` «${entry.label}»` : ''}`;
}

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
