import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { LEVEL_LABELS, TECHNOLOGIES, type CoverageArea } from '../../contract/coverage.ts';
import { $areas, $check, check, loadAreas, suggestions, locateMe } from './coverage-store.ts';
import { useEarlySubmit, useHydrated } from '../../lib/use-hydrated.ts';
import { COAST_PATH, MAP_HEIGHT, MAP_WIDTH, project } from './ireland.ts';
import './coverage-checker.css';
import { FormCard } from '../../components/forms/FormCard.tsx';
import { TableHead } from '../../components/TableHead.tsx';

/**
 * The coverage checker: an Eircode, a routing key or a town (suggested as you type, from the
 * published coverage data), or "Use my location"; then the signal for 2G to 5G outdoors and
 * indoors in that area, and a map of Ireland marking it.
 */
export default function CoverageChecker() {
  const { list, error: loadError } = useStore($areas);
  const result = useStore($check);
  const listId = useId();
  // The form is in the build's HTML: an Eircode typed and sent before React takes over is checked
  // once it has (useEarlySubmit); "Use my location" works once hydrated (a check waits for the data).
  const hydrated = useHydrated();
  const place = useRef<HTMLInputElement>(null);
  useEarlySubmit(place);
  useEffect(() => void loadAreas(), []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void check(String(new FormData(event.currentTarget).get('place') ?? ''));
  };
  return (
    <div className="coverage stack">
      <FormCard id="coverage-form-title" title="Your Eircode or town" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor="coverage-place">Eircode or town</label>
          <input
            ref={place}
            id="coverage-place"
            name="place"
            type="text"
            list={listId}
            autoComplete="postal-code"
            spellCheck={false}
            aria-describedby="coverage-place-hint"
            aria-invalid={result.error ? true : undefined}
          />
          <p id="coverage-place-hint" className="field__hint">
            For example D02 X285, H91 or Salthill. Suggestions appear as you type.
          </p>
          <datalist id={listId}>{list && suggestions(list).map((s) => <option key={s} value={s} />)}</datalist>
        </div>
        <div className="actions">
          <button type="submit" className="btn btn--primary">
            Check coverage
          </button>
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => void locateMe()}
            disabled={!hydrated || result.locating}
          >
            {result.locating ? 'Finding your location…' : 'Use my location'}
          </button>
        </div>
      </FormCard>
      <div aria-live="polite">
        {loadError && (
          <div className="alert alert--error" role="alert">
            {loadError}
          </div>
        )}
        {result.sandbox && (
          <p className="alert alert--info" data-sandbox-notice="">
            {result.sandbox} <a href="/sandbox/geolocation">Choose its answer</a>
          </p>
        )}
        {result.error && (
          <div className="alert alert--error" role="alert">
            {result.error}
          </div>
        )}
        {result.area && <Result area={result.area} eircode={result.eircode} note={result.note} all={list ?? []} />}
      </div>
    </div>
  );
}

function Result({
  area,
  eircode,
  note,
  all,
}: {
  area: CoverageArea;
  eircode?: string | undefined;
  note?: string | undefined;
  all: CoverageArea[];
}) {
  const [x, y] = project(area.lon, area.lat);
  const title = `Coverage in ${area.town} (${eircode ?? area.key}), Co. ${area.county}`;
  return (
    <section className="card coverage__result" aria-labelledby="coverage-result-title">
      <div className="stack">
        <h2 id="coverage-result-title" tabIndex={-1} ref={(el) => el?.focus()}>
          {title}
        </h2>
        {note && <p>{note}</p>}
        <table className="coverage__table">
          <caption className="visually-hidden">{`Signal by technology in ${area.town}, outdoors and indoors`}</caption>
          <TableHead columns={['Network', 'Outdoors', 'Indoors']} />
          <tbody>
            {TECHNOLOGIES.map((t) => (
              <tr key={t}>
                <th scope="row">{t}</th>
                <td>
                  <span className={`level level--${area.coverage[t].outdoor}`}>
                    {LEVEL_LABELS[area.coverage[t].outdoor]}
                  </span>
                </td>
                <td>
                  <span className={`level level--${area.coverage[t].indoor}`}>
                    {LEVEL_LABELS[area.coverage[t].indoor]}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="field__hint">
          Coverage is for the routing area as a whole; thick walls and basements can make it weaker indoors.
        </p>
      </div>
      <svg
        className="coverage__map"
        viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
        role="img"
        aria-label={`Map of Ireland marking ${area.town}, Co. ${area.county}`}
      >
        <path d={COAST_PATH} className="coverage__land" />
        {all.map((a) => {
          const [ax, ay] = project(a.lon, a.lat);
          return <circle key={a.key} cx={ax} cy={ay} r={1.2} className="coverage__dot" />;
        })}
        <circle cx={x} cy={y} r={9} className="coverage__halo" />
        <circle cx={x} cy={y} r={4} className="coverage__marker" />
      </svg>
    </section>
  );
}
