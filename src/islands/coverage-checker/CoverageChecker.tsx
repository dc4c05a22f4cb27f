import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { TECHNOLOGIES, type CoverageArea } from '../../contract/coverage.ts';
import { fill } from '../../contract/i18n/fill.ts';
import { $coverageWords, type CoverageWords } from './coverage-words.ts';
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
export default function CoverageChecker({ words }: { words: CoverageWords }) {
  // The store and "Use my location", loaded later, speak with the same words.
  if ($coverageWords.get() !== words) $coverageWords.set(words);
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
      <FormCard id="coverage-form-title" title={words['coverage.formTitle']} onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor="coverage-place">{words['coverage.place']}</label>
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
            {words['coverage.placeHint']}
          </p>
          <datalist id={listId}>{list && suggestions(list).map((s) => <option key={s} value={s} />)}</datalist>
        </div>
        <div className="actions">
          <button type="submit" className="btn btn--primary">
            {words['coverage.check']}
          </button>
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => void locateMe()}
            disabled={!hydrated || result.locating}
          >
            {result.locating ? words['coverage.locating'] : words['coverage.locate']}
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
            {result.sandbox} <a href="/sandbox/geolocation">{words['coverage.chooseAnswer']}</a>
          </p>
        )}
        {result.error && (
          <div className="alert alert--error" role="alert">
            {result.error}
          </div>
        )}
        {result.area && (
          <Result area={result.area} eircode={result.eircode} note={result.note} all={list ?? []} words={words} />
        )}
      </div>
    </div>
  );
}

function Result({
  area,
  eircode,
  note,
  all,
  words,
}: {
  words: CoverageWords;
  area: CoverageArea;
  eircode?: string | undefined;
  note?: string | undefined;
  all: CoverageArea[];
}) {
  const [x, y] = project(area.lon, area.lat);
  const place = { town: area.town, county: area.county };
  const title = fill(words['coverage.resultTitle'], { ...place, key: eircode ?? area.key });
  return (
    <section className="card coverage__result" aria-labelledby="coverage-result-title">
      <div className="stack">
        <h2 id="coverage-result-title" tabIndex={-1} ref={(el) => el?.focus()}>
          {title}
        </h2>
        {note && <p>{note}</p>}
        <table className="coverage__table">
          <caption className="visually-hidden">{fill(words['coverage.caption'], place)}</caption>
          <TableHead
            columns={[words['coverage.col.network'], words['coverage.col.outdoors'], words['coverage.col.indoors']]}
          />
          <tbody>
            {TECHNOLOGIES.map((t) => (
              <tr key={t}>
                <th scope="row">{t}</th>
                <td>
                  <span className={`level level--${area.coverage[t].outdoor}`}>
                    {words[`coverage.level.${area.coverage[t].outdoor}`]}
                  </span>
                </td>
                <td>
                  <span className={`level level--${area.coverage[t].indoor}`}>
                    {words[`coverage.level.${area.coverage[t].indoor}`]}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="field__hint">{words['coverage.areaNote']}</p>
      </div>
      <svg
        className="coverage__map"
        viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
        role="img"
        aria-label={fill(words['coverage.map'], place)}
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
