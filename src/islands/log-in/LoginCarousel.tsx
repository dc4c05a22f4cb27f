import { useEffect, useRef, useState } from 'react';
import type { Slide } from './log-in-store.ts';
import './login-carousel.css';
import { fill } from '../../contract/i18n/fill.ts';
import type { LogInWords } from './log-in-words.ts';

/** The first-login carousel: one slide at a time, Back / Next, and a way out on every slide. */
export function LoginCarousel({ slides, words, onDone }: { slides: Slide[]; words: LogInWords; onDone: () => void }) {
  const [index, setIndex] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const slide = slides[index]!;
  const last = index === slides.length - 1;
  const position = fill(words['carousel.position'], { index: String(index + 1), count: String(slides.length) });
  useEffect(() => heading.current?.focus(), [index]);
  return (
    <section
      className="carousel card"
      aria-roledescription={words['carousel.role']}
      aria-label={words['carousel.label']}
    >
      <div
        role="group"
        aria-roledescription={words['carousel.slide']}
        aria-label={position}
        className="carousel__slide"
      >
        <p className="carousel__count">{position}</p>
        <h2 ref={heading} tabIndex={-1}>
          {slide.heading}
        </h2>
        <p>{slide.body}</p>
      </div>
      <div className="carousel__dots" aria-hidden="true">
        {slides.map((s, i) => (
          <span key={`${i}-${s.heading}`} className={i === index ? 'dot dot--on' : 'dot'} />
        ))}
      </div>
      <div className="actions">
        {index > 0 && (
          <button type="button" className="btn btn--outline" onClick={() => setIndex(index - 1)}>
            {words['carousel.back']}
          </button>
        )}
        {last ? (
          <button type="button" className="btn btn--primary" onClick={onDone}>
            {words['carousel.done']}
          </button>
        ) : (
          <>
            <button type="button" className="btn btn--primary" onClick={() => setIndex(index + 1)}>
              {words['carousel.next']}
            </button>
            <button type="button" className="btn btn--link" onClick={onDone}>
              {words['carousel.skip']}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
