/** A member's name as the household's screens and history say it. */
export const nameOf = (m: { firstname: string; lastname: string }) => `${m.firstname} ${m.lastname}`.trim();
