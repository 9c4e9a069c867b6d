// Building a formatter costs far more than using one: keep one per currency.
const priceFormats = new Map<string, Intl.NumberFormat>();

/** Prices as people in Spanish-speaking countries read them, in the installation's currency. */
export function formatPrice(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  try {
    let format = priceFormats.get(code);
    if (!format) {
      format = new Intl.NumberFormat('es', { style: 'currency', currency: code });
      priceFormats.set(code, format);
    }
    return format.format(amount);
  } catch {
    return `${amount.toFixed(2)} ${code}`;
  }
}

/** Dates as day-month-year. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`;
}

/** Day-month-year and the local time, e.g. '05-03-2026 14:07'. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatDate(iso)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A moment's local hour and minute, as the desk's list shows it: '18:02'. */
export function formatTime(at: Date): string {
  return at.toLocaleTimeString('es', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

/** The browser's date today, `YYYY-MM-DD` (the server checks against the gym's). */
export function localToday(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
