import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { SelectField } from '../../../components/ui/form-controls';
import { Field } from '../../../components/ui/field';
import { checkinEs as t } from '../../../i18n/checkin';
import { formatTime } from '../../../lib/format';
import { useCheckinStore } from '../store';
import '../checkin.css';

/** The sede a desk last worked at, so a reload keeps it. */
const BRANCH_KEY = 'pulso.checkin.branch';
/** The same code scanned again within this time is the same person still in front of the camera. */
const SAME_CODE_MS = 5000;
/**
 * The reader tries a frame every 200 ms and calls back each time. It stops for good on an error it
 * does not expect (a frame read before the video had its size, say) and leaves the camera running
 * with nothing decoded; with no call back for this long, the scan is started again.
 */
const STALLED_MS = 3000;

interface CheckinDeskProps {
  branches: { id: string; name: string }[];
}

interface Scanner {
  stop: () => void;
}

/**
 * The front desk's check-in: the sede, then a member's code scanned with the device's camera (QR,
 * read by @zxing/browser, loaded only when the camera is opened) or typed. Each answer shows in a
 * status line and in the list of the latest ones.
 */
export function CheckinDesk({ branches }: CheckinDeskProps) {
  const log = useCheckinStore((s) => s.log);
  const busy = useCheckinStore((s) => s.busy);
  const checkIn = useCheckinStore((s) => s.checkIn);
  const [chosen, setBranchId] = useState(() => localStorage.getItem(BRANCH_KEY) ?? '');
  // One sede to choose from (a sede's own staff): it is chosen.
  const branchId = branches.length === 1 ? (branches[0]?.id ?? '') : chosen;
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ code?: string; branchId?: string }>({});
  const [scanning, setScanning] = useState(false);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const scanner = useRef<Scanner | null>(null);
  const lastScan = useRef<{ code: string; at: number } | null>(null);
  /** The reader's latest call back, the watchdog that restarts a stalled scan, and the scan's number. */
  const lastTick = useRef(0);
  const watchdog = useRef<number | null>(null);
  const run = useRef(0);
  const historyId = useId();
  const known = branches.some((b) => b.id === branchId);

  const send = useCallback(
    async (typed: string) => {
      const next = {
        code: typed.trim() ? undefined : t.desk.codeRequired,
        branchId: known ? undefined : t.desk.branchRequired,
      };
      setErrors(next);
      if (next.code || next.branchId) return false;
      const outcome = await checkIn(typed.trim(), branchId);
      if (!outcome.ok && outcome.fieldErrors.branchId) setErrors({ branchId: outcome.fieldErrors.branchId });
      return outcome.ok;
    },
    [branchId, checkIn, known],
  );

  const stopCamera = useCallback(() => {
    run.current += 1;
    if (watchdog.current !== null) window.clearInterval(watchdog.current);
    watchdog.current = null;
    scanner.current?.stop();
    scanner.current = null;
    setScanning(false);
  }, []);

  useEffect(() => stopCamera, [stopCamera]);

  const startCamera = async () => {
    setCameraError(null);
    if (!known) {
      setErrors({ branchId: t.desk.branchRequired });
      return;
    }
    setScanning(true);
    const { BrowserQRCodeReader } = await import('@zxing/browser');
    const begin = async () => {
      const mine = ++run.current;
      lastTick.current = Date.now();
      const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 200 });
      if (!video.current) return;
      const controls = await reader.decodeFromVideoDevice(undefined, video.current, (result) => {
        lastTick.current = Date.now();
        if (!result) return;
        const text = result.getText();
        const now = Date.now();
        if (lastScan.current && lastScan.current.code === text && now - lastScan.current.at < SAME_CODE_MS) return;
        lastScan.current = { code: text, at: now };
        setCode(text);
        void send(text);
      });
      // Stopped, or started again, while the camera was opening: this scan is not wanted.
      if (mine !== run.current) controls.stop();
      else scanner.current = controls;
    };
    try {
      await begin();
      watchdog.current = window.setInterval(() => {
        if (Date.now() - lastTick.current < STALLED_MS) return;
        scanner.current?.stop();
        scanner.current = null;
        begin().catch(() => {
          stopCamera();
          setCameraError(t.desk.noCamera);
        });
      }, STALLED_MS);
    } catch {
      setScanning(false);
      setCameraError(t.desk.noCamera);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await send(code)) setCode('');
  };

  const latest = log[0];

  return (
    <div className="checkin-desk">
      <form className="form checkin-desk__form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <SelectField
          label={t.desk.branch}
          value={branchId}
          placeholder={t.desk.chooseBranch}
          placeholderValue=""
          options={branches.map((b) => ({ value: b.id, label: b.name }))}
          error={errors.branchId}
          onChange={(event) => {
            setBranchId(event.target.value);
            localStorage.setItem(BRANCH_KEY, event.target.value);
            setErrors((e) => ({ ...e, branchId: undefined }));
          }}
        />
        <Field
          label={t.desk.code}
          hint={t.desk.codeHint}
          value={code}
          error={errors.code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          onChange={(event) => setCode(event.target.value)}
        />
        <div className="checkin-desk__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t.desk.submitting : t.desk.submit}
          </button>
          {scanning ? (
            <button type="button" className="button" onClick={stopCamera}>
              {t.desk.stopScan}
            </button>
          ) : (
            <button type="button" className="button" onClick={() => void startCamera()}>
              {t.desk.scan}
            </button>
          )}
        </div>
      </form>

      {cameraError && (
        <p className="alert alert--error" role="alert">
          {cameraError}
        </p>
      )}
      <div className="checkin-desk__camera" hidden={!scanning}>
        <p>{t.desk.scanning}</p>
        <video ref={video} className="checkin-desk__video" aria-label={t.desk.cameraLabel} muted playsInline />
      </div>

      <div
        className={`checkin-desk__result${latest ? (latest.ok ? ' checkin-desk__result--ok' : ' checkin-desk__result--refused') : ''}`}
        role="status"
      >
        {latest && (
          <>
            <strong>{latest.ok ? t.desk.ok : t.desk.refused}</strong> {latest.message}
          </>
        )}
      </div>

      <section aria-labelledby={historyId} className="checkin-desk__history">
        <h2 id={historyId}>{t.desk.history}</h2>
        {log.length === 0 ? (
          <p className="empty">{t.desk.nothingYet}</p>
        ) : (
          <ol>
            {log.map((entry) => (
              <li key={entry.id} className={entry.ok ? 'is-ok' : 'is-refused'}>
                <time dateTime={entry.at.toISOString()}>{formatTime(entry.at)}</time>{' '}
                <span>{entry.ok ? t.desk.ok : t.desk.refused}:</span> {entry.message}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
