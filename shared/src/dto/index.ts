/** A membership plan as the API sends it (SPEC §3). */
export interface PlanDto {
  id: string;
  name: string;
  /** Months. */
  duration: number;
  benefits: string;
  price: number;
}

export interface PlanInput {
  name: string;
  duration: number | string;
  benefits: string;
  price: number | string;
}

/** Settings the server exposes to the SPA at run time (GET /api/config). */
export interface PublicConfigDto {
  gymName: string;
  /** ISO 4217 code, lower case, of the prices. */
  currency: string;
}
