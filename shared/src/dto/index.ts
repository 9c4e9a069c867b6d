// The answers' types are inferred from their schemas (../schemas); this module keeps their old home.
export type * from '../schemas';
