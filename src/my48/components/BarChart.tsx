import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar as VisxBar, Line } from '@visx/shape';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import './bar-chart.css';

/** One bar: its key (a day or a month), its short label on the axis, its name in words, its value and its figure in words. */
export interface Bar {
  key: string;
  label: string;
  name: string;
  value: number;
  text: string;
}

interface Props {
  /** The chart's name (its heading's id labels the group of bars). */
  labelledBy: string;
  bars: Bar[];
  /** A line across the bars (an even pace, an allowance): its value and its words. */
  line?: { value: number; label: string } | null | undefined;
  chosen: string | undefined;
  onChoose: (key: string) => void;
  /** The axis's unit in words ("GB", "minutes", "€"). */
  unit: string;
  /** The top of the scale, when charts side by side share one (a household's lines); else their own highest bar. */
  max?: number | undefined;
}

const HEIGHT = 200;
const MARGIN = { top: 22, right: 8, bottom: 26, left: 44 };

/**
 * Bars a member reads and chooses (docs/product/money.md, "Where credit goes"): each bar a button
 * named by its day or month and its figure, one of them in the tab order and the arrow keys moving
 * between them (a toolbar's roving focus); the chosen one drawn darker and outlined, and marked
 * under the axis, so nothing is told by colour alone. The width follows its box, down to 320 px.
 */
export function BarChart({ labelledBy, bars, line, chosen, onChoose, unit, max: shared }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  const refs = useRef(new Map<string, SVGGElement>());
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(240, Math.floor(el.getBoundingClientRect().width)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const innerWidth = width - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const max = Math.max(...bars.map((b) => b.value), line?.value ?? 0, shared ?? 0, 0);
  const x = scaleBand<string>({ domain: bars.map((b) => b.key), range: [0, innerWidth], padding: 0.25 });
  const y = scaleLinear<number>({ domain: [0, max > 0 ? max : 1], range: [innerHeight, 0], nice: true });
  const ticks = y.ticks(3);
  // An axis label every few bars, so the labels never overlap at 320 px.
  const every = Math.max(1, Math.ceil(bars.length / Math.max(1, Math.floor(innerWidth / 44))));
  const focusKey = chosen && bars.some((b) => b.key === chosen) ? chosen : bars.at(-1)?.key;

  const move = (event: KeyboardEvent, index: number) => {
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowUp'
        ? index + 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowDown'
          ? index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? bars.length - 1
              : undefined;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onChoose(bars[index]!.key);
      return;
    }
    if (next === undefined) return;
    event.preventDefault();
    const bar = bars[Math.min(bars.length - 1, Math.max(0, next))];
    if (!bar) return;
    onChoose(bar.key);
    refs.current.get(bar.key)?.focus();
  };

  return (
    <div ref={box} className="bar-chart">
      <svg width={width} height={HEIGHT} role="group" aria-labelledby={labelledBy}>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {ticks.map((t) => (
            <g key={t} aria-hidden="true">
              <Line from={{ x: 0, y: y(t) }} to={{ x: innerWidth, y: y(t) }} className="bar-chart__grid" />
              <text x={-6} y={y(t)} dy="0.32em" textAnchor="end" className="bar-chart__tick">
                {Number.isInteger(t) ? t : t.toFixed(1)}
              </text>
            </g>
          ))}
          <text x={-MARGIN.left + 2} y={-10} className="bar-chart__tick" aria-hidden="true">
            {unit}
          </text>
          {bars.map((b, i) => {
            const left = x(b.key) ?? 0;
            const top = y(b.value);
            const isChosen = b.key === chosen;
            return (
              <g
                key={b.key}
                ref={(el) => {
                  if (el) refs.current.set(b.key, el);
                  else refs.current.delete(b.key);
                }}
                role="button"
                tabIndex={b.key === focusKey ? 0 : -1}
                aria-label={`${b.name}: ${b.text}`}
                aria-pressed={isChosen}
                className={`bar-chart__bar${isChosen ? ' bar-chart__bar--chosen' : ''}`}
                onClick={() => onChoose(b.key)}
                onKeyDown={(e) => move(e, i)}
              >
                {/* The whole column takes a tap, however short the bar. */}
                <rect x={left} y={0} width={x.bandwidth()} height={innerHeight} className="bar-chart__hit" />
                <VisxBar
                  x={left}
                  y={top}
                  width={x.bandwidth()}
                  height={Math.max(b.value > 0 ? 2 : 0, innerHeight - top)}
                  rx={2}
                />
                {isChosen && (
                  <path
                    d={`M${left + x.bandwidth() / 2 - 5},${innerHeight + 22} l5,-7 l5,7 z`}
                    className="bar-chart__mark"
                    aria-hidden="true"
                  />
                )}
              </g>
            );
          })}
          {/* The axis's labels, apart from the bars: a bar's name is its day and figure alone. */}
          <g aria-hidden="true">
            {bars.map((b, i) =>
              i % every === 0 ? (
                <text
                  key={b.key}
                  x={(x(b.key) ?? 0) + x.bandwidth() / 2}
                  y={innerHeight + 13}
                  textAnchor="middle"
                  className="bar-chart__tick"
                >
                  {b.label}
                </text>
              ) : null,
            )}
          </g>
          {line && line.value > 0 && (
            <g aria-hidden="true">
              <Line
                from={{ x: 0, y: y(line.value) }}
                to={{ x: innerWidth, y: y(line.value) }}
                className="bar-chart__line"
              />
              <text x={innerWidth} y={y(line.value) - 5} textAnchor="end" className="bar-chart__line-label">
                {line.label}
              </text>
            </g>
          )}
        </Group>
      </svg>
    </div>
  );
}
