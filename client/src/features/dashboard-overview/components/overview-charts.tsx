import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { isSedeScoped, OVERVIEW_EXPIRING_DAYS, OVERVIEW_PERIODS, WEEKDAYS, type OverviewDto } from '@pulso/shared';
import { SelectField } from '../../../components/ui/form-controls';
import { LoadFailure } from '../../../components/ui/load-state';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { overviewEs } from '../../../i18n/dashboard-overview';
import { formatDate, formatPrice } from '../../../lib/format';
import { useAuthStore } from '../../auth/store';
import { useBranchesStore } from '../../branches/store';
import { useChartsStore, type OverviewPeriod } from '../charts-store';

const t = overviewEs.charts;

/** Series colours, each at least 3:1 against the light surface. */
/**
 * The series' colours are the theme's (overview.css: --chart-1 to --chart-8, darker on the light
 * theme and lighter on the dark one), each above 4.5:1 against its panel, as the legend writes its
 * names in them. The axes, grid and tooltip take the page's own colours.
 */
const CHART_COLORS = 8;
const colorOf = (i: number) => `var(--chart-${(i % CHART_COLORS) + 1})`;
const TICK = { fontSize: 12, fill: 'var(--muted)' };
const TOOLTIP_STYLE = { background: 'var(--surface)', borderColor: 'var(--border)', color: 'var(--text)' };

const percent = (value: number | null) =>
  value === null ? '—' : `${(value * 100).toLocaleString('es', { maximumFractionDigits: 1 })} %`;
/** `YYYY-MM-DD` as 'dd/mm'. */
const shortDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;
const longDate = (date: string) => formatDate(`${date}T12:00:00`);
const count = (n: number) => n.toLocaleString('es');

/** A chart with its title, and the same figures as a table for those who cannot see it. */
function Figure({
  title,
  summary,
  children,
  table,
}: {
  title: string;
  summary?: ReactNode;
  children: ReactNode;
  table: ReactNode;
}) {
  const id = useId();
  return (
    <article className="overview__panel overview__chart" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {summary}
      <div className="overview__plot" aria-hidden="true">
        {children}
      </div>
      <details className="overview__details">
        <summary>{t.asTable}</summary>
        <div className="overview__table-wrap" role="region" aria-label={`${title}: ${t.asTable}`} tabIndex={0}>
          {table}
        </div>
      </details>
    </article>
  );
}

/** Which of a chart's views shows: a group of radio buttons. */
function Choice<V extends string>({
  legend,
  value,
  options,
  onChange,
}: {
  legend: string;
  value: V;
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  const name = useId();
  return (
    <fieldset className="overview__switch">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value}>
          <input type="radio" name={name} checked={value === option.value} onChange={() => onChange(option.value)} />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

function bucketLabel(overview: OverviewDto, start: string) {
  return overview.step === 'day' ? longDate(start) : `${t.week} ${longDate(start)}`;
}

function Revenue({ overview }: { overview: OverviewDto }) {
  const [chosen, setBy] = useState<'plan' | 'sede'>('plan');
  // One sede's figures have nothing to split by sede: by plan only.
  const oneSede = overview.branch !== null;
  const by = oneSede ? 'plan' : chosen;
  const money = (amount: number) => formatPrice(amount, overview.currency);
  const series =
    by === 'plan'
      ? overview.revenue.plans.map((p) => ({ key: p.id, name: p.name }))
      : overview.revenue.sedes.map((s) => ({ key: s.id ?? 'none', name: s.name || t.noSede }));
  const data = overview.revenue.buckets.map((b) => ({
    label: shortDate(b.start),
    ...(by === 'plan' ? b.byPlan : b.bySede),
  }));
  return (
    <Figure
      title={t.revenue}
      summary={
        <>
          <p className="overview__summary">
            {t.revenueSummary(money(overview.revenue.total), overviewEs.payments(overview.revenue.payments))}
          </p>
          {!oneSede && (
            <Choice
              legend={t.revenueBy}
              value={by}
              options={[
                { value: 'plan', label: t.byPlan },
                { value: 'sede', label: t.bySede },
              ]}
              onChange={setBy}
            />
          )}
          {overview.revenue.payments === 0 && <p className="empty">{t.noRevenue}</p>}
        </>
      }
      table={
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{overview.step === 'day' ? t.day : t.week}</th>
              {series.map((s) => (
                <th scope="col" key={s.key}>
                  {s.name}
                </th>
              ))}
              <th scope="col">{t.total}</th>
            </tr>
          </thead>
          <tbody>
            {overview.revenue.buckets.map((b) => {
              const values: Record<string, number> = by === 'plan' ? b.byPlan : b.bySede;
              return (
                <tr key={b.start}>
                  <th scope="row">{bucketLabel(overview, b.start)}</th>
                  {series.map((s) => (
                    <td key={s.key}>{money(values[s.key] ?? 0)}</td>
                  ))}
                  <td>{money(b.total)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      }
    >
      <ResponsiveContainer width="100%" height={260}>
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--border)" />
          <XAxis dataKey="label" tick={TICK} minTickGap={12} />
          <YAxis tick={TICK} width={56} />
          <Tooltip formatter={(value) => money(Number(value))} contentStyle={TOOLTIP_STYLE} />
          <Legend />
          {series.map((s, i) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.name}
              stackId="revenue"
              fill={colorOf(i)}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </Figure>
  );
}

function Members({ overview }: { overview: OverviewDto }) {
  const m = overview.members;
  const data = m.buckets.map((b) => ({ label: shortDate(b.start), ...b }));
  return (
    <Figure
      title={t.members}
      summary={
        <dl className="overview__facts">
          <div>
            <dt>{t.active}</dt>
            <dd>{count(m.active)}</dd>
          </div>
          <div>
            <dt>{t.paused}</dt>
            <dd>{count(m.paused)}</dd>
          </div>
          <div>
            <dt>{t.started}</dt>
            <dd>{count(m.started)}</dd>
          </div>
          <div>
            <dt>{t.lapsed}</dt>
            <dd>{count(m.lapsed)}</dd>
          </div>
          <div>
            <dt>
              <abbr title={t.churnHint}>{t.churn}</abbr>
            </dt>
            <dd title={m.churn === null ? t.noChurn : undefined}>{percent(m.churn)}</dd>
          </div>
        </dl>
      }
      table={
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{overview.step === 'day' ? t.day : t.week}</th>
              <th scope="col">{t.active}</th>
              <th scope="col">{t.paused}</th>
              <th scope="col">{t.started}</th>
              <th scope="col">{t.lapsed}</th>
            </tr>
          </thead>
          <tbody>
            {m.buckets.map((b) => (
              <tr key={b.start}>
                <th scope="row">{bucketLabel(overview, b.start)}</th>
                <td>{count(b.active)}</td>
                <td>{count(b.paused)}</td>
                <td>{count(b.started)}</td>
                <td>{count(b.lapsed)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <ResponsiveContainer width="100%" height={260}>
        <ComposedChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--border)" />
          <XAxis dataKey="label" tick={TICK} minTickGap={12} />
          <YAxis tick={TICK} width={40} allowDecimals={false} />
          <Tooltip contentStyle={TOOLTIP_STYLE} />
          <Legend />
          <Bar dataKey="started" name={t.started} fill={colorOf(2)} isAnimationActive={false} />
          <Bar dataKey="lapsed" name={t.lapsed} fill="var(--danger)" isAnimationActive={false} />
          <Line
            dataKey="active"
            name={t.active}
            stroke={colorOf(1)}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            dataKey="paused"
            name={t.paused}
            stroke={colorOf(4)}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </Figure>
  );
}

/** Occupancy (or attendance) by weekday and hour: a table whose cells are shaded by their value. */
function Heatmap({ overview }: { overview: OverviewDto }) {
  const [show, setShow] = useState<'occupancy' | 'attendance'>('occupancy');
  const titleId = useId();
  const hours = [...new Set(overview.heatmap.map((c) => c.hour))].sort((a, b) => a - b);
  const cell = (weekday: number, hour: number) =>
    overview.heatmap.find((c) => c.weekday === weekday && c.hour === hour);
  return (
    <article className="overview__panel overview__wide" aria-labelledby={titleId}>
      <h3 id={titleId}>{t.occupancy}</h3>
      <p className="overview__hint">{show === 'occupancy' ? t.occupancyHint : t.attendanceHint}</p>
      <Choice
        legend={t.show}
        value={show}
        options={[
          { value: 'occupancy', label: t.showOccupancy },
          { value: 'attendance', label: t.showAttendance },
        ]}
        onChange={setShow}
      />
      {hours.length === 0 ? (
        <p className="empty">{t.noSessions}</p>
      ) : (
        <div className="overview__table-wrap" role="region" aria-label={t.occupancy} tabIndex={0}>
          <table className="overview__heatmap">
            <thead>
              <tr>
                <td />
                {hours.map((hour) => (
                  <th scope="col" key={hour}>
                    {hour}:00
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {WEEKDAYS.map((weekday, w) => (
                <tr key={weekday}>
                  <th scope="row">{weekday}</th>
                  {hours.map((hour) => {
                    const c = cell(w, hour);
                    const value = c ? c[show] : null;
                    const level = value === null ? -1 : Math.min(4, Math.floor(value * 5));
                    return (
                      <td
                        key={hour}
                        className={`overview__heat overview__heat--${level < 0 ? 'none' : level}`}
                        title={c ? t.cell(weekday, hour, percent(value), c.sessions) : undefined}
                      >
                        {percent(value)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}

function Classes({ title, rows }: { title: string; rows: OverviewDto['classes']['fullest'] }) {
  const id = useId();
  return (
    <article className="overview__panel" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {rows.length === 0 ? (
        <p className="empty">{t.noClasses}</p>
      ) : (
        <div className="overview__table-wrap" role="region" aria-label={title} tabIndex={0}>
          <table className="table overview__classes">
            <thead>
              <tr>
                <th scope="col">{t.className}</th>
                <th scope="col">{t.sessions}</th>
                <th scope="col">
                  {t.booked} / {t.capacity}
                </th>
                <th scope="col">{t.showOccupancy}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    {row.name}
                    <span className="overview__sub">{row.sedeName}</span>
                  </th>
                  <td>{count(row.sessions)}</td>
                  <td>
                    {count(row.booked)} / {count(row.capacity)}
                  </td>
                  <td>
                    <span className="overview__bar" style={{ '--fill': `${(row.occupancy ?? 0) * 100}%` } as never}>
                      {percent(row.occupancy)}
                    </span>
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

const memberLink = (email: string) => `${paths.dashboardUsers}?q=${encodeURIComponent(email)}`;

function Lists({ overview }: { overview: OverviewDto }) {
  const expiringId = useId();
  const failedId = useId();
  return (
    <>
      <article className="overview__panel" aria-labelledby={expiringId}>
        <h3 id={expiringId}>{t.expiring}</h3>
        <p className="overview__hint">{t.expiringHint(OVERVIEW_EXPIRING_DAYS)}</p>
        {overview.expiring.length === 0 ? (
          <p className="empty">{t.noExpiring}</p>
        ) : (
          <ul className="overview__people" aria-label={t.expiring} tabIndex={0}>
            {overview.expiring.map((row) => (
              <li key={row.id}>
                <Link to={memberLink(row.email)} aria-label={t.seeMember(row.fullName)}>
                  {row.fullName}
                </Link>
                <span className="overview__sub">
                  {row.plan} · {t.endsOn(formatDate(row.end))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </article>
      <article className="overview__panel" aria-labelledby={failedId}>
        <h3 id={failedId}>{t.failed}</h3>
        <p className="overview__hint">{t.failedHint}</p>
        {overview.failedPayments.length === 0 ? (
          <p className="empty">{t.noFailed}</p>
        ) : (
          <ul className="overview__people" aria-label={t.failed} tabIndex={0}>
            {overview.failedPayments.map((row) => (
              <li key={`${row.id}-${row.failedAt}`}>
                <Link to={memberLink(row.email)} aria-label={t.seeMember(row.fullName)}>
                  {row.fullName}
                </Link>
                <span className="overview__sub">
                  {row.plan} · {formatPrice(row.amount, overview.currency)} · {t.failedOn(formatDate(row.failedAt))} ·{' '}
                  {t.failedStatus[row.status] ?? row.status}
                </span>
              </li>
            ))}
          </ul>
        )}
      </article>
    </>
  );
}

/** The overview's charts (issue 24, item 1), with the period and sede they are for. */
export function OverviewCharts() {
  const { overview, status, error, period, branch, choose, load } = useChartsStore();
  const role = useAuthStore((s) => s.role);
  const homeBranch = useAuthStore((s) => s.user?.homeBranch ?? null);
  const branches = useBranchesStore((s) => s.items);
  const fetchBranches = useBranchesStore((s) => s.fetchBranches);
  const scoped = isSedeScoped(role);

  useEffect(() => {
    void load();
    if (!scoped && useBranchesStore.getState().status === 'idle') void fetchBranches();
  }, [load, fetchBranches, scoped]);

  return (
    <section className="overview__charts" aria-labelledby="overview-charts-title" aria-busy={status === 'loading'}>
      <h2 id="overview-charts-title">{t.title}</h2>
      <form className="form overview__filters" aria-label={t.filters} onSubmit={(event) => event.preventDefault()}>
        <SelectField
          label={t.period}
          value={String(period)}
          options={OVERVIEW_PERIODS.map((days) => ({ value: String(days), label: t.periods[days] ?? String(days) }))}
          onChange={(event) => void choose({ period: Number(event.target.value) as OverviewPeriod })}
        />
        {scoped ? (
          homeBranch && <p className="overview__fixed">{t.fixedSede(homeBranch.name)}</p>
        ) : (
          <SelectField
            label={t.sede}
            value={branch}
            placeholder={t.allSedes}
            placeholderValue=""
            options={branches.map((b) => ({ value: b.id, label: b.name }))}
            onChange={(event) => void choose({ branch: event.target.value })}
          />
        )}
      </form>

      {status === 'failed' && <LoadFailure text={`${t.loadError}.`} error={error} onRetry={() => void load()} />}
      {!overview && status !== 'failed' && <Spinner label={t.loading} />}
      {overview && (
        <>
          <p className="overview__intro" role="status">
            {overview.computedAt
              ? t.computedAt(new Date(overview.computedAt).toLocaleTimeString('es', { timeStyle: 'short' }))
              : t.notComputed}
          </p>
          <div className="overview__grid">
            <Revenue overview={overview} />
            <Members overview={overview} />
            <Heatmap overview={overview} />
            <Classes title={t.fullest} rows={overview.classes.fullest} />
            <Classes title={t.emptiest} rows={overview.classes.emptiest} />
            <Lists overview={overview} />
          </div>
        </>
      )}
    </section>
  );
}
