import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { LoadFailure } from '../../../components/ui/load-state';
import { OutcomeLine } from '../../../components/ui/outcome-line';
import { Spinner } from '../../../components/ui/spinner';
import { profileEs } from '../../../i18n/profile';
import type { Outcome } from '../../../lib/mutation';
import { slotFor } from '../../../lib/resource';
import { usePreferencesStore } from '../store';
import '../preferences.css';

const t = profileEs.reminders;

/**
 * The membership reminders, on or off, saved as soon as the box changes; the answer is read out
 * (payment failures are always e-mailed, so they are not offered here).
 */
export function ReminderPreference({ userId }: { userId: string }) {
  const { preferences, busy, fetchPreferences, setMembershipReminders } = usePreferencesStore(
    useShallow((s) => ({
      preferences: s.preferences,
      busy: s.busy,
      fetchPreferences: s.fetchPreferences,
      setMembershipReminders: s.setMembershipReminders,
    })),
  );
  const { value, status, error } = slotFor(preferences, userId);
  const [result, setResult] = useState<Outcome | null>(null);

  useEffect(() => {
    void fetchPreferences(userId);
  }, [userId, fetchPreferences]);

  if (status === 'failed') {
    return <LoadFailure text={t.loadError} error={error} onRetry={() => void fetchPreferences(userId)} />;
  }
  if (!value) return <Spinner label={t.loading} />;
  return (
    <div className="preference">
      <label className="preference__option">
        <input
          type="checkbox"
          checked={value.membershipReminders}
          disabled={busy}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            void setMembershipReminders(userId, on).then(setResult);
          }}
        />
        <span>{t.label}</span>
      </label>
      <OutcomeLine result={result} pending={busy ? t.saving : null} />
    </div>
  );
}
