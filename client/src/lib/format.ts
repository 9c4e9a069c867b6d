/** Prices as people in Spanish-speaking countries read them, in the installation's currency. */
export function formatPrice(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('es', { style: 'currency', currency: currency.toUpperCase() }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency.toUpperCase()}`;
  }
}
