import type { BranchDto } from '@pulso/shared';
import { dashboardBranchesEs as t } from '../../../i18n/dashboard-branches';

/** The line of the delete confirmation that says which sede goes: its name and address. */
export function DeleteWhich({ office }: { office: Pick<BranchDto, 'name' | 'location'> }) {
  return (
    <p>
      {t.deleteWhich} <strong>{office.name}</strong> ({office.location})
    </p>
  );
}
