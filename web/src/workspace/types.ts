// Kept for one import in the data API module; the domain types live in ../domain/types.
export type * from '../domain/types';
