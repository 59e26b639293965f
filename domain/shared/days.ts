/** A calendar day (the YYYY-MM-DD of an ISO date or timestamp) as UTC milliseconds, for comparing days. */
export const day = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`).getTime();
