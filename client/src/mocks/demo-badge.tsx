import { useState } from 'react';
import { TOKEN_STORAGE_KEY } from '@pulso/shared';
import { ConfirmModal } from '../components/ui/modal';
import { mockTexts as t } from './texts';
import './demo-badge.css';

interface DemoBadgeProps {
  onReset: () => void;
}

/** A small fixed badge saying the app runs in mock mode, with the 'reset demo data' action. */
export function DemoBadge({ onReset }: DemoBadgeProps) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <aside className="demo-badge" aria-label={t.badge}>
      <span className="demo-badge__label" title={t.badgeHint}>
        {t.badge}
      </span>
      <button type="button" className="demo-badge__reset" onClick={() => setAsking(true)}>
        {t.reset}
      </button>
      {asking && (
        <ConfirmModal
          title={t.confirmTitle}
          message={t.confirmMessage}
          confirmLabel={t.confirm}
          cancelLabel={t.cancel}
          danger
          busy={busy}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setBusy(true);
            onReset();
            localStorage.removeItem(TOKEN_STORAGE_KEY);
            window.location.assign(import.meta.env.BASE_URL);
          }}
        />
      )}
    </aside>
  );
}
