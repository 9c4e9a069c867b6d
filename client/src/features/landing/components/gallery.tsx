import { useEffect, useState } from 'react';
import { GALLERY_IMAGE_COUNT } from '@pulso/shared';
import { es } from '../../../i18n/es';

/** The gallery advances every 5000 ms. */
export const GALLERY_INTERVAL_MS = 5000;

const SLIDES = es.landing.slides.slice(0, GALLERY_IMAGE_COUNT).map((caption, i) => ({
  src: `/gallery/galeria-${i + 1}.jpg`,
  ...caption,
}));

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The landing gallery: three slides that advance every 5 s and show 'x/3'. It pauses while
 * hovered or focused (and does not auto-advance for people who ask for reduced motion); previous and
 * next buttons move it by hand.
 */
export function Gallery() {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = SLIDES.length;

  useEffect(() => {
    if (paused || prefersReducedMotion()) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), GALLERY_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused, count]);

  const go = (step: number) => setIndex((i) => (i + step + count) % count);
  const slide = SLIDES[index] ?? SLIDES[0];
  if (!slide) return null;

  return (
    <section
      className="gallery"
      aria-roledescription="carrusel"
      aria-label={es.landing.galleryLabel}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setPaused(false);
      }}
    >
      <div className="gallery__viewport">
        {SLIDES.map((s, i) => (
          <figure
            key={s.src}
            className={`gallery__slide${i === index ? ' is-current' : ''}`}
            aria-hidden={i !== index}
            role="group"
            aria-roledescription="diapositiva"
            aria-label={`${i + 1}/${count}`}
          >
            <img
              src={s.src}
              alt=""
              width={1200}
              height={500}
              fetchPriority={i === 0 ? 'high' : 'low'}
              loading={i === 0 ? 'eager' : 'lazy'}
              decoding="async"
            />
          </figure>
        ))}
        <div className="gallery__caption" aria-live={paused ? 'polite' : 'off'}>
          <h1 className="gallery__title">{slide.title}</h1>
          <p className="gallery__text">{slide.text}</p>
        </div>
      </div>
      <div className="gallery__controls">
        <button type="button" className="gallery__button" onClick={() => go(-1)} aria-label={es.landing.previous}>
          <span aria-hidden="true">‹</span>
        </button>
        <span className="gallery__counter" aria-label={es.landing.position(index + 1, count)}>
          {index + 1}/{count}
        </span>
        <button type="button" className="gallery__button" onClick={() => go(1)} aria-label={es.landing.next}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </section>
  );
}
