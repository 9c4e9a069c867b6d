import { useDeferredValue, useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ListState } from '../../../components/ui/load-state';
import { es } from '../../../i18n/es';
import { useBranchesStore } from '../store';
import { BranchCard } from './branch-card';
import { LoadingGif } from './loading-gif';
import '../branches.css';

/** /sedes: every sede, fetched on open, with a loading gif and a visible error with retry. */
export function BranchList() {
  const fetchBranches = useBranchesStore((s) => s.fetchBranches);
  const current = useBranchesStore(useShallow((s) => ({ items: s.items, status: s.status, error: s.error })));
  // A store update renders at once, in one long task; deferred, React builds the list in slices.
  const { items, status, error } = useDeferredValue(current);

  useEffect(() => {
    void fetchBranches();
  }, [fetchBranches]);

  return (
    <section className="section branches" aria-labelledby="branches-title">
      <h1 id="branches-title" className="section__title">
        {es.branches.title}
      </h1>
      <p className="section__subtitle">{es.branches.subtitle}</p>
      <ListState
        load={{ status, error }}
        count={items.length}
        texts={es.branches}
        onRetry={() => void fetchBranches()}
        spinner={<LoadingGif label={es.branches.loading} />}
      />
      {status !== 'failed' && items.length > 0 && (
        <div className="branches__list">
          {items.map((branch, index) => (
            <BranchCard key={branch.id} branch={branch} index={index} />
          ))}
        </div>
      )}
    </section>
  );
}
