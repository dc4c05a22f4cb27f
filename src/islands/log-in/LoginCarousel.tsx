import { useEffect, useRef, useState } from 'react';
import type { Slide } from './log-in-store.ts';
import './login-carousel.css';

/** The first-login carousel: one slide at a time, Back / Next, and a way out on every slide. */
export function LoginCarousel({ slides, onDone }: { slides: Slide[]; onDone: () => void }) {
  const [index, setIndex] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const slide = slides[index]!;
  const last = index === slides.length - 1;
  useEffect(() => heading.current?.focus(), [index]);
  return (
    <section className="carousel card" aria-roledescription="carousel" aria-label="Welcome to 48">
      <div
        role="group"
        aria-roledescription="slide"
        aria-label={`${index + 1} of ${slides.length}`}
        className="carousel__slide"
      >
        <p className="carousel__count">{`${index + 1} of ${slides.length}`}</p>
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
            Back
          </button>
        )}
        {last ? (
          <button type="button" className="btn btn--primary" onClick={onDone}>
            Get started
          </button>
        ) : (
          <>
            <button type="button" className="btn btn--primary" onClick={() => setIndex(index + 1)}>
              Next
            </button>
            <button type="button" className="btn btn--link" onClick={onDone}>
              Skip
            </button>
          </>
        )}
      </div>
    </section>
  );
}
