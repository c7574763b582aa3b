/** The profile's lengths (spec 002 section 5), without the schema: the settings page reads them (no zod there). */
export const PROFILE_LIMITS = { nameMin: 2, nameMax: 100, bio: 500 };
