import { z } from 'zod';
import { safeString } from '../../api.ts';
import { MESSAGES } from '../../messages.ts';
import { lookupCode } from './customer.rules.ts';

/** Most entries one lookup answers (a country has at most a few thousand cities; a select shows a page). */
export const LOOKUP_LIMIT_MAX = 500;
export const LOOKUP_LIMIT_DEFAULT = 100;

const limit = z
  .string()
  .regex(/^[1-9][0-9]{0,2}$/, MESSAGES.pageSize(LOOKUP_LIMIT_MAX))
  .transform(Number)
  .pipe(z.number().max(LOOKUP_LIMIT_MAX, MESSAGES.pageSize(LOOKUP_LIMIT_MAX)))
  .default(LOOKUP_LIMIT_DEFAULT);
const search = safeString().trim().max(100, MESSAGES.maxLength(100)).optional();

/** GET /api/lookups/countries?search=&limit= */
export const countryLookupQuerySchema = z.object({ search, limit });
/** GET /api/lookups/states?countryId=GB&search=&limit= */
export const stateLookupQuerySchema = z.object({ countryId: lookupCode(), search, limit });
/** GET /api/lookups/cities?countryId=GB&stateId=ENG&search=&limit= */
export const cityLookupQuerySchema = z.object({ countryId: lookupCode(), stateId: lookupCode(), search, limit });
export type CountryLookupQuery = z.infer<typeof countryLookupQuerySchema>;
export type StateLookupQuery = z.infer<typeof stateLookupQuerySchema>;
export type CityLookupQuery = z.infer<typeof cityLookupQuerySchema>;

/**
 * One entry of a lookup: `id` is what an address stores (a country's or state's ISO code, a city's
 * name), `name` what a select shows. States carry their country, cities their state and country.
 */
export const lookupEntrySchema = z.object({ id: z.string(), name: z.string(), countryId: z.string().optional(), stateId: z.string().optional() });
export type LookupEntry = z.infer<typeof lookupEntrySchema>;
export const lookupResponseSchema = z.object({ items: z.array(lookupEntrySchema) });

/** Who reads the lookups: the customer screens now, the order screens later. */
export const LOOKUP_PERMISSION = ['customers', 'sales'] as const;
