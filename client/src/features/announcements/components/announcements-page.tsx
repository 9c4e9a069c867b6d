import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { userQueryParams, type AnnouncementAudience, type AnnouncementPreviewDto } from '@pulso/shared';
import { Field } from '../../../components/ui/field';
import { SelectField, TextAreaField } from '../../../components/ui/form-controls';
import { LoadFailure } from '../../../components/ui/load-state';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { dashboardAnnouncementsEs as t } from '../../../i18n/dashboard-announcements';
import { formatDateTime } from '../../../lib/format';
import { mutate, type Outcome } from '../../../lib/mutation';
import { useLoaded } from '../../../lib/use-loaded';
import { useBranchesStore } from '../../branches/store';
import { useUsersAdminStore } from '../../users-admin/store';
import {
  getAnnouncements,
  getLessonChoices,
  previewAnnouncement,
  sendAnnouncement,
  type AnnouncementBody,
} from '../api/announcements';
import '../announcements.css';

/** A selection of the users list handed over by its bar ('Enviar un anuncio'). */
export interface AnnouncementSelection {
  ids: string[];
  names: string[];
}

/**
 * /dashboard/anuncios: write an announcement, see whom it reaches and the e-mail they get
 * ('Vista previa'), send it, and follow those sent (how many sent and failed).
 */
export function AnnouncementsPage() {
  const location = useLocation();
  const selection = (location.state as { selection?: AnnouncementSelection } | null)?.selection ?? null;
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [audience, setAudience] = useState<AnnouncementAudience>(selection ? 'selection' : 'all');
  const [branchId, setBranchId] = useState('');
  const [lessonId, setLessonId] = useState('');
  const [preview, setPreview] = useState<{ key: string; value: AnnouncementPreviewDto } | null>(null);
  const [previewError, setPreviewError] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [sent, setSent] = useState<Outcome | null>(null);
  // Names one sending of one announcement: a double click sends it once; a changed one is another.
  const [sending, setSending] = useState({ key: '', requestId: '' });
  const branches = useBranchesStore((s) => s.items);
  const fetchBranches = useBranchesStore((s) => s.fetchBranches);
  const usersQuery = useUsersAdminStore((s) => s.usersQuery);
  const lessons = useLoaded(getLessonChoices);
  const list = useLoaded(getAnnouncements);
  const formId = useId();

  useEffect(() => {
    if (useBranchesStore.getState().status === 'idle') void fetchBranches();
  }, [fetchBranches]);

  const request: AnnouncementBody = {
    subject: subject.trim(),
    body: body.trim(),
    audience,
    ...(audience === 'branch' ? { branchId } : {}),
    ...(audience === 'lesson' ? { lessonId } : {}),
    ...(audience === 'selection' ? { ids: selection?.ids ?? [] } : {}),
    ...(audience === 'filtered' ? { filters: new URLSearchParams(userQueryParams(usersQuery)).toString() } : {}),
  };
  const key = JSON.stringify(request);
  // A preview is good for the announcement as it was when it was made.
  const current = preview?.key === key ? preview.value : null;

  const showPreview = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setSent(null);
    const outcome = await mutate(async () => {
      const value = await previewAnnouncement(request);
      return { message: '', value };
    });
    setBusy(false);
    if (outcome.ok) {
      setPreview({ key, value: outcome.value });
      setPreviewError(null);
    } else {
      setPreview(null);
      setPreviewError(outcome);
    }
  };

  const send = async () => {
    setBusy(true);
    const outcome = await mutate(async () => {
      const requestId = sending.key === key ? sending.requestId : `ann-${crypto.randomUUID()}`;
      setSending({ key, requestId });
      const answer = await sendAnnouncement({ ...request, requestId });
      return answer.message;
    });
    setBusy(false);
    setSent(outcome);
    if (outcome.ok) {
      setSubject('');
      setBody('');
      setPreview(null);
      setSending({ key: '', requestId: '' });
      list.retry();
    }
  };

  const errors = previewError && !previewError.ok ? previewError.fieldErrors : {};
  const audiences: { value: AnnouncementAudience; label: string }[] = [
    ...(selection ? [{ value: 'selection' as const, label: t.form.audiences.selection(selection.ids.length) }] : []),
    { value: 'all', label: t.form.audiences.all },
    { value: 'branch', label: t.form.audiences.branch },
    { value: 'lesson', label: t.form.audiences.lesson },
    { value: 'filtered', label: t.form.audiences.filtered },
  ];

  return (
    <section className="announcements" aria-labelledby="announcements-title">
      <h1 id="announcements-title">{t.title}</h1>
      <p className="announcements__intro">{t.intro}</p>

      <form
        id={formId}
        className="form announcements__form"
        aria-label={t.form.label}
        onSubmit={(e) => void showPreview(e)}
        noValidate
      >
        <Field
          label={t.form.subject}
          value={subject}
          maxLength={120}
          error={errors.subject}
          onChange={(e) => setSubject(e.target.value)}
        />
        <TextAreaField
          label={t.form.body}
          value={body}
          rows={6}
          maxLength={5000}
          hint={t.form.bodyHint}
          error={errors.body}
          onChange={(e) => setBody(e.target.value)}
        />
        <SelectField
          label={t.form.audience}
          name="audience"
          options={audiences}
          value={audience}
          onChange={(e) => setAudience(e.target.value as AnnouncementAudience)}
        />
        {audience === 'branch' && (
          <SelectField
            label={t.form.branch}
            name="branchId"
            placeholder={t.form.choose}
            placeholderValue=""
            options={branches.map((b) => ({ value: b.id, label: b.name }))}
            value={branchId}
            error={errors.branchId}
            onChange={(e) => setBranchId(e.target.value)}
          />
        )}
        {audience === 'lesson' && (
          <SelectField
            label={t.form.lesson}
            name="lessonId"
            placeholder={t.form.choose}
            placeholderValue=""
            options={(lessons.value ?? []).map((l) => ({ value: l.id, label: `${l.name} · ${l.branchoffice}` }))}
            value={lessonId}
            error={errors.lessonId}
            onChange={(e) => setLessonId(e.target.value)}
          />
        )}
        <div className="announcements__actions">
          <button type="submit" className="button" disabled={busy}>
            {busy && !current ? t.form.previewing : t.form.preview}
          </button>
          {current && (
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => setConfirming(true)}
            >
              {t.form.send(current.count)}
            </button>
          )}
        </div>
      </form>

      {previewError && !previewError.ok && (
        <p className="alert alert--error" role="alert">
          {previewError.message}
        </p>
      )}
      {preview && !current && (
        <p className="announcements__muted" role="status">
          {t.form.changed}
        </p>
      )}
      {current && (
        <section className="announcements__preview" aria-labelledby={`${formId}-preview`}>
          <p role="status">
            {t.form.reach(current.count, t.form.sampleOf(current.sample, current.count - current.sample.length))}
          </p>
          <h2 id={`${formId}-preview`}>{t.form.mailTitle}</h2>
          <div className="announcements__mail">
            <p className="announcements__mail-subject">{current.mail.subject}</p>
            <p className="announcements__mail-text">{current.mail.text}</p>
          </div>
        </section>
      )}
      {sent && (
        <p className={sent.ok ? 'alert alert--success' : 'alert alert--error'} role={sent.ok ? 'status' : 'alert'}>
          {sent.message}
        </p>
      )}

      {confirming && current && (
        <Modal
          title={t.form.confirmTitle}
          role="alertdialog"
          onClose={() => setConfirming(false)}
          actions={
            <>
              <button type="button" className="button" onClick={() => setConfirming(false)}>
                {t.form.cancel}
              </button>
              <button
                type="button"
                className="button button--primary"
                data-autofocus
                onClick={() => {
                  setConfirming(false);
                  void send();
                }}
              >
                {t.form.send(current.count)}
              </button>
            </>
          }
        >
          <p>{t.form.confirm(current.count)}</p>
          <p className="announcements__muted">{current.mail.subject}</p>
        </Modal>
      )}

      <section className="announcements__list" aria-labelledby={`${formId}-list`}>
        <div className="announcements__list-head">
          <h2 id={`${formId}-list`}>{t.list.title}</h2>
          <button type="button" className="button button--small" onClick={list.retry}>
            {t.list.refresh}
          </button>
        </div>
        {list.error ? (
          <LoadFailure text={t.list.loadError} error={list.error} onRetry={list.retry} />
        ) : !list.value ? (
          <Spinner label={t.list.loading} />
        ) : list.value.length === 0 ? (
          <p className="empty">{t.list.empty}</p>
        ) : (
          <div className="table-stack">
            <table className="table announcements__table">
              <caption className="visually-hidden">{t.list.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.list.columns.at}</th>
                  <th scope="col">{t.list.columns.subject}</th>
                  <th scope="col">{t.list.columns.audience}</th>
                  <th scope="col">{t.list.columns.state}</th>
                  <th scope="col">{t.list.columns.sent}</th>
                  <th scope="col">{t.list.columns.failed}</th>
                  <th scope="col">{t.list.columns.by}</th>
                </tr>
              </thead>
              <tbody>
                {list.value.map((a) => (
                  <tr key={a.id}>
                    <td data-label={t.list.columns.at}>
                      <time dateTime={a.createdAt}>{formatDateTime(a.createdAt)}</time>
                    </td>
                    <th scope="row" data-label={t.list.columns.subject}>
                      {a.subject}
                    </th>
                    <td data-label={t.list.columns.audience}>{a.audience}</td>
                    <td data-label={t.list.columns.state}>
                      {a.status === 'sent' ? t.list.sentState : t.list.sendingState(a.done, a.total)}
                    </td>
                    <td data-label={t.list.columns.sent}>{a.sent}</td>
                    <td data-label={t.list.columns.failed}>{a.failed}</td>
                    <td data-label={t.list.columns.by}>{a.createdBy}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </section>
  );
}
