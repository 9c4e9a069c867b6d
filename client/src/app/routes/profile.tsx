import { Fragment, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { planBadge, TEACHING_DAYS, type UserDto } from '@pulso/shared';
import { MembershipStateBadge } from '../../components/ui/membership-state';
import { Spinner } from '../../components/ui/spinner';
import { paths, PLANS_SECTION_ID } from '../../config/paths';
import { DataExportButton } from '../../features/account/components/data-export-button';
import { EraseAccount } from '../../features/account/components/erase-account';
import { useAuthStore } from '../../features/auth/store';
import { MyWishes } from '../../features/bookings/components/my-wishes';
import { TeachingSessions } from '../../features/bookings/components/teaching-sessions';
import { CalendarFeedCard } from '../../features/calendar/components/calendar-feed-card';
import { CheckinCard } from '../../features/checkin/components/checkin-card';
import { RemoveFromSchedule } from '../../features/lessons/components/remove-from-schedule';
import { runningPeriod, upcomingOf } from '../../features/payments/purchase-rule';
import { ReminderPreference } from '../../features/preferences/components/reminder-preference';
import { ReceiptButton } from '../../features/payments/components/receipt-button';
import { usePaymentsStore } from '../../features/payments/store';
import { RenewalBox } from '../../features/subscriptions/components/renewal-box';
import { PauseMembership, usePauseAllowed } from '../../features/pauses/components/pause-membership';
import { useUiStore } from '../../features/ui/store';
import { es } from '../../i18n/es';
import { profileEs } from '../../i18n/profile';
import { formatDate, formatPrice } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';

/** A message the previous page left for this one (e.g. 'Usuario actualizado correctamente'). */
function useFlash(): string | null {
  const state: unknown = useLocation().state;
  return state && typeof state === 'object' && 'flash' in state && typeof state.flash === 'string' ? state.flash : null;
}

/**
 * /profile: badges, contact data, membership dates, classes, and links to the calendar and edit; a
 * trainer's sessions of the coming days; the private calendar feed.
 */
export function ProfileRoute() {
  usePageTitle(es.titles.profile);
  const { user, status, error, loadUser } = useAuthStore();
  const flash = useFlash();

  useEffect(() => {
    void loadUser();
  }, [loadUser]);

  if (!user) {
    if (status === 'failed') {
      return (
        <section className="section message-page" role="alert">
          <h1>{profileEs.loadError}</h1>
          <p>{error}</p>
          <button type="button" className="button" onClick={() => void loadUser()}>
            {es.common.retry}
          </button>
        </section>
      );
    }
    return <Spinner label={es.common.loadingData} />;
  }

  return (
    <section className="section profile">
      {flash && (
        <p className="alert alert--success" role="status">
          {flash}
        </p>
      )}
      <header className="profile__header">
        <div className="profile__avatar" aria-hidden="true">
          {user.fullName.trim().charAt(0).toUpperCase() || '?'}
        </div>
        <div>
          <h1 className="profile__name">{user.fullName}</h1>
          <ul className="profile__badges" aria-label={profileEs.title}>
            {user.isAdmin && <li className="badge badge--admin">{profileEs.admin}</li>}
            {user.isMonitor && <li className="badge badge--trainer">{profileEs.trainer}</li>}
            {user.deletedAt && <li className="badge badge--danger">{profileEs.suspended}</li>}
            {user.membresia && (
              <li className={`badge badge--${planBadge(user.membresia.name)}`}>{user.membresia.name}</li>
            )}
            {user.membresia && (
              <li>
                <MembershipStateBadge state={user.membresia.state} />
              </li>
            )}
          </ul>
        </div>
      </header>

      <div className="profile__grid">
        <article className="profile__card">
          <h2>{profileEs.title}</h2>
          <dl className="profile__data">
            <dt>{profileEs.username}</dt>
            <dd>{user.fullName}</dd>
            <dt>{profileEs.email}</dt>
            <dd>{user.email}</dd>
            <dt>{profileEs.phone}</dt>
            <dd>{user.phone || profileEs.notProvided}</dd>
            <dt>{es.homeBranch.label}</dt>
            <dd>{user.homeBranch?.name ?? es.homeBranch.none}</dd>
          </dl>
          <div className="profile__actions">
            <Link className="button button--primary" to={paths.calendar}>
              {profileEs.calendar}
            </Link>
            <Link className="button" to={paths.profileEdit(user.id)}>
              {profileEs.edit}
            </Link>
          </div>
          <DataExportButton />
          <EraseAccount />
        </article>

        <MembershipCard user={user} />

        {user.membresia?.status === 'Activo' && <CheckinCard />}

        {user.isMonitor && (
          <article className="profile__card profile__card--wide">
            <h2>{profileEs.myLessons}</h2>
            {user.monitorLessons.length ? (
              <ul className="profile__list">
                {user.monitorLessons.map((lesson) => (
                  <li key={lesson.id}>
                    <Link to={paths.lessonDetail(lesson.name)}>{lesson.name}</Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="empty">{profileEs.noTeaching}</p>
            )}
            <TeachingSessions userId={user.id} days={TEACHING_DAYS.default} />
          </article>
        )}

        <article className="profile__card">
          <h2>{profileEs.schedule}</h2>
          {user.lessonDetails.length ? (
            <ul className="profile__list profile__schedule">
              {user.lessonDetails.map((lesson) => (
                <li key={lesson.id}>
                  <Link to={paths.lessonDetail(lesson.name)}>{lesson.name}</Link>
                  <span>
                    {lesson.scheduleDays.join(', ')} · {lesson.scheduleHourStart} – {lesson.scheduleHourFinish}
                  </span>
                  <RemoveFromSchedule lesson={lesson} onRemoved={() => void loadUser()} />
                </li>
              ))}
            </ul>
          ) : (
            <>
              <p className="empty">{profileEs.noSchedule}</p>
              <Link className="button button--small" to={paths.lessons}>
                {profileEs.browseLessons}
              </Link>
            </>
          )}
        </article>

        {user.membresia?.status === 'Activo' && <MyWishes />}

        <PaymentsCard />

        <CalendarFeedCard userId={user.id} teaches={user.isMonitor} />
      </div>
    </section>
  );
}

function MembershipCard({ user }: { user: UserDto }) {
  // A paused membership is still theirs: its dates, and when the pause ends.
  const active = user.membresia?.status === 'Activo' || user.membresia?.state === 'Pausada' ? user.membresia : null;
  const setPlansClicked = useUiStore((s) => s.setPlansClicked);
  const mayPause = usePauseAllowed(active);
  const loadUser = useAuthStore((s) => s.loadUser);
  const [pausing, setPausing] = useState(false);
  return (
    <article className="profile__card">
      <h2>{profileEs.membership}</h2>
      {active ? (
        <dl className="profile__data">
          <dt>{profileEs.membership}</dt>
          <dd>
            <span className={`badge badge--${planBadge(active.name)}`}>{active.name}</span>
          </dd>
          <dt>{profileEs.from}</dt>
          <dd>{formatDate(runningPeriod(active).start)}</dd>
          <dt>{profileEs.until}</dt>
          <dd>{formatDate(runningPeriod(active).end)}</dd>
          {upcomingOf(active).map((period) => (
            <Fragment key={period.start}>
              <dt>{profileEs.next}</dt>
              <dd>{profileEs.nextPeriod(period.name, formatDate(period.start), formatDate(period.end))}</dd>
            </Fragment>
          ))}
        </dl>
      ) : (
        <>
          <p className="profile__no-membership">{profileEs.noMembership}</p>
          <Link
            className="button button--small button--primary"
            to={`${paths.home}#${PLANS_SECTION_ID}`}
            onClick={() => setPlansClicked(true)}
          >
            {profileEs.buyPlan}
          </Link>
        </>
      )}
      {active && (
        <PauseMembership
          userId={user.id}
          membership={active}
          open={pausing}
          onOpenChange={setPausing}
          onPaused={() => void loadUser()}
        />
      )}
      {/* Read again when the membership's end moves (a pause moves the next charge too). */}
      <RenewalBox key={user.membresia?.end} onOfferPause={mayPause ? () => setPausing(true) : undefined} />
      {user.membresia && <ReminderPreference userId={user.id} />}
    </article>
  );
}

function PaymentsCard() {
  const currency = useUiStore((s) => s.site.currency);
  const { value: payments, status, error } = usePaymentsStore((s) => s.history);
  const loadHistory = usePaymentsStore((s) => s.loadHistory);

  useEffect(() => {
    void loadHistory();
  }, [loadHistory]);

  return (
    <article className="profile__card profile__card--wide">
      <h2>{profileEs.payments}</h2>
      {status === 'failed' ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : status !== 'succeeded' ? (
        <Spinner label={es.common.loading} />
      ) : payments.length === 0 ? (
        <p className="empty">{profileEs.noPayments}</p>
      ) : (
        // On a phone each payment is a block of label and value lines: four columns do not fit.
        <div className="table-stack">
          <table className="table profile__payments">
            <thead>
              <tr>
                <th scope="col">{profileEs.paymentDate}</th>
                <th scope="col">{profileEs.paymentPlan}</th>
                <th scope="col">{profileEs.paymentAmount}</th>
                <th scope="col">{profileEs.paymentStatus}</th>
                <th scope="col">{profileEs.paymentReceipt}</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.id}>
                  <td data-label={profileEs.paymentDate}>{formatDate(p.paidAt ?? p.createdAt)}</td>
                  <td data-label={profileEs.paymentPlan}>{p.planName}</td>
                  <td data-label={profileEs.paymentAmount}>{formatPrice(p.amount, p.currency || currency)}</td>
                  <td data-label={profileEs.paymentStatus}>{profileEs.paymentStatuses[p.status]}</td>
                  <td data-label={profileEs.paymentReceipt}>
                    <ReceiptButton payment={p} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
