import './gauge.css';

/** A gauge a screen reader can read: role=meter with its values and a spoken text. */
export function Gauge({ label, value, max, text }: { label: string; value: number; max: number; text: string }) {
  const percent = max > 0 ? Math.max(0, Math.min(100, (value / max) * 100)) : 0;
  return (
    <div
      className="gauge"
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={text}
    >
      <div className="gauge__bar" style={{ width: `${percent}%` }} />
    </div>
  );
}
