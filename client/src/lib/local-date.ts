const pad = (n: number) => String(n).padStart(2, '0');

/** The visitor's date (`YYYY-MM-DD`) at `now`, on their own clock. */
export function localDate(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
