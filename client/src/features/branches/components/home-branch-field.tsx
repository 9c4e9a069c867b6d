import { useEffect } from 'react';
import { SelectField } from '../../../components/ui/form-controls';
import { es } from '../../../i18n/es';
import { useBranchesStore } from '../store';

interface HomeBranchFieldProps {
  value: string;
  onChange: (id: string) => void;
  error?: string;
  /** Said under the field (e.g. that it is optional at registration). */
  hint?: string;
}

/**
 * 'Sede habitual': the member's home sede, chosen from the chain's sedes ('' for none). The sedes
 * come from the public list, read once for the whole app.
 */
export function HomeBranchField({ value, onChange, error, hint }: HomeBranchFieldProps) {
  const branches = useBranchesStore((s) => s.items);
  const status = useBranchesStore((s) => s.status);
  const fetchBranches = useBranchesStore((s) => s.fetchBranches);

  useEffect(() => {
    if (useBranchesStore.getState().status === 'idle') void fetchBranches();
  }, [fetchBranches]);

  // A sede chosen before that is not on the list any more stays named until it is changed.
  const options = branches.map((b) => ({ value: b.id, label: b.name }));
  return (
    <SelectField
      label={es.homeBranch.label}
      name="homeBranch"
      placeholder={status === 'loading' ? es.homeBranch.loading : es.homeBranch.none}
      placeholderValue=""
      options={options}
      value={status === 'succeeded' || value === '' ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      hint={status === 'failed' ? es.homeBranch.loadError : hint}
    />
  );
}
