import { useEffect, useRef, useState } from 'react';
import {
  DEFAULT_PAYMENT_QUERY,
  MESSAGES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type AdminPaymentDto,
  type PaymentQuery,
} from '@pulso/shared';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/form-controls';
import { LoadFailure } from '../../../components/ui/load-state';
import { OutcomeLine } from '../../../components/ui/outcome-line';
import { Pager } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import { dashboardPaymentsEs as t } from '../../../i18n/dashboard-payments';
import { formatDate, formatDateTime, formatPrice } from '../../../lib/format';
import { mutate, type Outcome } from '../../../lib/mutation';
import { saveFile } from '../../../lib/save-file';
import { useLoaded } from '../../../lib/use-loaded';
import { useServerPage } from '../../../lib/use-server-page';
import { useBranchesStore } from '../../branches/store';
import { downloadPaymentsCsv, getAllPlans, getPayments, PAYMENTS_PAGE_SIZE } from '../api/payments-admin';
import { RefundDialog } from './refund-dialog';
import '../payments-admin.css';

/**
 * /dashboard/pagos: every payment of the chain, newest first, filtered by period, plan, home sede,
 * method and state, paged on the server; 'Exportar CSV' of the filtered list; 'Reembolsar' on a
 * paid payment.
 */
export function PaymentsList() {
  const { query, setQuery, list, setList, busy, error, load } = useServerPage(getPayments, DEFAULT_PAYMENT_QUERY);
  const [refunding, setRefunding] = useState<AdminPaymentDto | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exported, setExported] = useState<Outcome | null>(null);
  const plans = useLoaded(getAllPlans);
  const branches = useBranchesStore((s) => s.items);
  const fetchBranches = useBranchesStore((s) => s.fetchBranches);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (useBranchesStore.getState().status === 'idle') void fetchBranches();
  }, [fetchBranches]);

  const change = (next: Partial<PaymentQuery>) => {
    const merged = { ...query, ...next };
    setExported(null);
    // A range the wrong way round is not sent: the other date is changed first.
    if (merged.from && merged.to && merged.to < merged.from) setQuery(merged);
    else load(merged, 1);
  };
  const filtered = JSON.stringify(query) !== JSON.stringify(DEFAULT_PAYMENT_QUERY);

  const exportCsv = async () => {
    setExporting(true);
    setExported(
      await mutate(
        async () => {
          const { file, fileName } = await downloadPaymentsCsv(query);
          saveFile(file, fileName);
          return t.filters.exported;
        },
        () => t.filters.exportFailed,
      ),
    );
    setExporting(false);
  };

  return (
    <section className="payments-admin" aria-labelledby="payments-admin-title">
      <h1 id="payments-admin-title" ref={heading} tabIndex={-1}>
        {t.title}
      </h1>
      <p className="payments-admin__intro">{t.intro}</p>

      <section className="payments-admin__filters" role="search" aria-label={t.filters.label}>
        <div className="form payments-admin__filters-row">
          <Field
            label={t.filters.from}
            type="date"
            name="from"
            value={query.from}
            max={query.to || undefined}
            onChange={(e) => change({ from: e.target.value })}
          />
          <Field
            label={t.filters.to}
            type="date"
            name="to"
            value={query.to}
            min={query.from || undefined}
            onChange={(e) => change({ to: e.target.value })}
          />
          <SelectField
            label={t.filters.plan}
            name="plan"
            placeholder={t.filters.anyPlan}
            placeholderValue=""
            options={(plans.value ?? []).map((p) => ({ value: p.id, label: p.name }))}
            value={plans.value ? query.plan : ''}
            onChange={(e) => change({ plan: e.target.value })}
          />
          <SelectField
            label={t.filters.branch}
            name="branch"
            placeholder={t.filters.anyBranch}
            placeholderValue=""
            options={[
              { value: 'none', label: t.filters.noBranch },
              ...branches.map((b) => ({ value: b.id, label: b.name })),
            ]}
            value={query.branch}
            onChange={(e) => change({ branch: e.target.value })}
          />
          <SelectField
            label={t.filters.method}
            name="method"
            placeholder={t.filters.anyMethod}
            placeholderValue=""
            options={PAYMENT_METHODS.map((m) => ({ value: m, label: MESSAGES.receipts.methods[m] }))}
            value={query.method}
            onChange={(e) => change({ method: e.target.value as PaymentQuery['method'] })}
          />
          <SelectField
            label={t.filters.status}
            name="status"
            placeholder={t.filters.anyStatus}
            placeholderValue=""
            options={PAYMENT_STATUSES.map((s) => ({ value: s, label: MESSAGES.receipts.statuses[s] }))}
            value={query.status}
            onChange={(e) => change({ status: e.target.value as PaymentQuery['status'] })}
          />
        </div>
        <div className="payments-admin__filters-actions">
          {list && filtered && (
            <p className="payments-admin__muted" role="status">
              {t.filters.found(list.total)}
            </p>
          )}
          {filtered && (
            <button type="button" className="button button--small" onClick={() => load(DEFAULT_PAYMENT_QUERY, 1)}>
              {t.filters.clear}
            </button>
          )}
          <button type="button" className="button button--small" disabled={exporting} onClick={() => void exportCsv()}>
            {exporting ? t.filters.exporting : t.filters.export}
          </button>
          <OutcomeLine result={exported} pending={exporting ? t.filters.exporting : null} />
        </div>
      </section>

      {error ? (
        <LoadFailure text={t.loadError} error={error} onRetry={() => load(query, list?.page ?? 1)} />
      ) : !list ? (
        <Spinner label={t.loading} />
      ) : list.items.length === 0 ? (
        <p className="empty">{t.empty}</p>
      ) : (
        <div className="table-stack" aria-busy={busy}>
          <table className="table payments-admin__table">
            <caption className="visually-hidden">{t.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.columns.at}</th>
                <th scope="col">{t.columns.member}</th>
                <th scope="col">{t.columns.plan}</th>
                <th scope="col">{t.columns.method}</th>
                <th scope="col">{t.columns.status}</th>
                <th scope="col">{t.columns.amount}</th>
                <th scope="col">{t.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((payment) => (
                <tr key={payment.id}>
                  <td data-label={t.columns.at}>
                    <time dateTime={payment.paidAt ?? payment.createdAt}>
                      {formatDateTime(payment.paidAt ?? payment.createdAt)}
                    </time>
                  </td>
                  <th scope="row" data-label={t.columns.member}>
                    <span>
                      {payment.memberName}
                      {payment.homeBranch && (
                        <span className="payments-admin__muted payments-admin__sub">{payment.homeBranch.name}</span>
                      )}
                    </span>
                  </th>
                  <td data-label={t.columns.plan}>{payment.planName}</td>
                  <td data-label={t.columns.method}>{MESSAGES.receipts.methods[payment.provider]}</td>
                  <td data-label={t.columns.status}>
                    <span>
                      <span>{MESSAGES.receipts.statuses[payment.status]}</span>
                      {payment.refundedAt && (
                        <span className="payments-admin__muted payments-admin__sub">
                          {t.refundedOn(formatDate(payment.refundedAt))}
                        </span>
                      )}
                    </span>
                  </td>
                  <td data-label={t.columns.amount} className="payments-admin__amount">
                    {formatPrice(payment.amount, payment.currency)}
                  </td>
                  <td data-label={t.columns.actions}>
                    {payment.refundable ? (
                      <button
                        type="button"
                        className="button button--small"
                        aria-label={t.refundOf(payment.memberName, payment.planName)}
                        onClick={() => setRefunding(payment)}
                      >
                        {t.refund}
                      </button>
                    ) : (
                      <span className="payments-admin__muted">—</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {list && (
        <Pager
          what={t.what}
          page={list.page}
          pageSize={PAYMENTS_PAGE_SIZE}
          total={list.total}
          busy={busy}
          onPage={(page) => {
            load(query, page);
            heading.current?.focus();
          }}
        />
      )}

      {refunding && (
        <RefundDialog
          payment={refunding}
          onClose={() => setRefunding(null)}
          onRefunded={(refunded) =>
            setList((current) =>
              current
                ? { ...current, items: current.items.map((p) => (p.id === refunded.id ? refunded : p)) }
                : current,
            )
          }
        />
      )}
    </section>
  );
}
