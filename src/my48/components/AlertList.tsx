import { dateTime } from './date-time.ts';

/** Alerts as a member reads them, newest first: title, when, what it said (Settings → Alerts, Roaming's notices). */
export function AlertList({
  alerts,
  empty,
}: {
  alerts: readonly { id: number; title: string; body: string; created_at: string }[];
  empty: string;
}) {
  if (alerts.length === 0) return <p>{empty}</p>;
  return (
    <ul className="alerts-list">
      {alerts.map((a) => (
        <li key={a.id}>
          <strong>{a.title}</strong> <span className="field__hint">{dateTime.format(new Date(a.created_at))}</span>
          <p>{a.body}</p>
        </li>
      ))}
    </ul>
  );
}
