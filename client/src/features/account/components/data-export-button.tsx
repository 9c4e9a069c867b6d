import { useState } from 'react';
import { OutcomeLine } from '../../../components/ui/outcome-line';
import { profileEs } from '../../../i18n/profile';
import { mutate, type Outcome } from '../../../lib/mutation';
import { saveFile } from '../../../lib/save-file';
import { exportMyData } from '../api/export';
import '../account.css';

const t = profileEs.dataExport;

/** Saves `data` as a JSON file named `name` (the browser's download). */
function saveJson(data: unknown, name: string): void {
  saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), name);
}

/**
 * 'Descargar mis datos': everything Pulso holds about the person (account, membership and its
 * history, payments, bookings and attendance, waits, reviews, contact messages) saved as a JSON file.
 */
export function DataExportButton() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Outcome | null>(null);

  const download = async () => {
    setBusy(true);
    setResult(
      await mutate(async () => {
        const data = await exportMyData();
        saveJson(data, `mis-datos-${data.exportedAt.slice(0, 10)}.json`);
        return t.done;
      }),
    );
    setBusy(false);
  };

  return (
    <div className="data-export">
      <button
        type="button"
        className="button"
        onClick={() => void download()}
        disabled={busy}
        aria-describedby="data-export-status"
      >
        {busy ? t.preparing : t.button}
      </button>
      <OutcomeLine id="data-export-status" result={result} />
    </div>
  );
}
