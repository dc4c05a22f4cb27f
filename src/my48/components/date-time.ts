/** A moment as a member reads it on an alert or a receipt: "27 November 2026, 14:05", in Irish time. */
export const dateTime = new Intl.DateTimeFormat('en-IE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Dublin',
});
