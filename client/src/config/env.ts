/** Build-time settings of the SPA, read once. */
export const env = {
  /** Base of the API; '/api' on the same origin by default, or a hosted API's address. */
  apiUrl: (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/$/, '') || '/api',
} as const;
