// The one check of a time zone name, for forms and pages alike. Pure, no dependencies (client bundles use it).

/** Zones already found valid: building an Intl.DateTimeFormat to check one costs ~0.4 ms. Bounded, as
 * Intl accepts any letter case of a name. */
const knownZones = new Set<string>();

/** True when `zone` is an IANA zone this runtime knows (the one check for every form and page). */
export function isTimeZone(zone: string): boolean {
  if (knownZones.has(zone)) return true;
  if (zone.length === 0 || zone.length >= 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
  } catch {
    return false;
  }
  if (knownZones.size >= 1_000) knownZones.clear();
  knownZones.add(zone);
  return true;
}
