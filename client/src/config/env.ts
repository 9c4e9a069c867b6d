const apiUrl = (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/$/, '') || '/api';

/** Build-time settings of the SPA, read once. */
export const env = {
  /** Base of the API; '/api' on the same origin by default, or a hosted API's address. */
  apiUrl,
  /**
   * The API's origin when it is another one than the page's (VITE_API_URL is an address), else ''.
   * Mock mode answers in this page, so there it is always ''.
   */
  apiOrigin: import.meta.env.VITE_API_MODE !== 'mock' && /^https?:\/\//i.test(apiUrl) ? new URL(apiUrl).origin : '',
} as const;
