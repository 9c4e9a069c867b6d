import '../users-admin.css';
import { useEffect } from 'react';
import { ListState } from '../../../components/ui/load-state';
import { dashboardUsersEs as t } from '../../../i18n/dashboard-users';
import { formatDateTime } from '../../../lib/format';
import { useUsersAdminStore } from '../store';

/** /dashboard/mensajes: the contact page's messages (GET /api/contact), with whether each was e-mailed yet. */
export function ContactMessages() {
  const { value: items, status, error } = useUsersAdminStore((s) => s.messages);
  const fetchMessages = useUsersAdminStore((s) => s.fetchMessages);

  useEffect(() => {
    void fetchMessages();
  }, [fetchMessages]);

  return (
    <section className="users-admin">
      <header className="users-admin__header">
        <div>
          <h1 className="users-admin__title">{t.messages.title}</h1>
          <p className="users-admin__muted">{t.messages.text}</p>
        </div>
        <div className="users-admin__toolbar">
          <button type="button" className="button" disabled={status === 'loading'} onClick={() => void fetchMessages()}>
            {t.messages.refresh}
          </button>
        </div>
      </header>

      <ListState
        load={{ status, error }}
        count={items.length}
        texts={t.messages}
        onRetry={() => void fetchMessages()}
      />

      {items.length > 0 && (
        <>
          <p className="users-admin__muted" aria-live="polite">
            {t.messages.count(items.length)}
          </p>
          <ul className="users-admin__messages" aria-busy={status === 'loading'}>
            {items.map((m) => (
              <li key={m.id}>
                <article className="users-admin__message" aria-labelledby={`message-${m.id}`}>
                  <header className="users-admin__message-header">
                    <h2 id={`message-${m.id}`} className="users-admin__message-subject">
                      {m.subject}
                    </h2>
                    <span
                      className={`badge users-admin__status users-admin__status--${m.status === 'sent' ? 'active' : 'pending'}`}
                    >
                      {m.status === 'sent' ? t.messages.sent : t.messages.pending}
                    </span>
                  </header>
                  <dl className="users-admin__message-meta">
                    <div>
                      <dt>{t.messages.from}</dt>
                      <dd>
                        {m.name} · <a href={`mailto:${m.email}`}>{m.email}</a>
                      </dd>
                    </div>
                    {m.company && (
                      <div>
                        <dt>{t.messages.company}</dt>
                        <dd>{m.company}</dd>
                      </div>
                    )}
                    <div>
                      <dt>{t.messages.received}</dt>
                      <dd>
                        <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                      </dd>
                    </div>
                  </dl>
                  <p className="users-admin__message-text">{m.message || t.messages.noMessage}</p>
                  <p className="users-admin__muted users-admin__message-state">
                    {m.status === 'sent' && m.sentAt
                      ? t.messages.sentAt(formatDateTime(m.sentAt))
                      : `${t.messages.attempts(m.attempts)}. ${t.messages.pendingNote}`}
                  </p>
                </article>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
