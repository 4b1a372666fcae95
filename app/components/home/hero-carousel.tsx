import { memo, useEffect, useState } from "react";
import type { TFunction } from "i18next";
import { FallbackImage } from "~/components/pages/fallback-image";
import { useHydrated, useReducedMotion } from "~/components/pages/motion";
import { HERO_ROTATION_MS } from "~/content/figures";
import { HERO_SLIDES, ILLUSTRATION } from "~/content/home";

/**
 * The hero's four rotating images (docs/product.md §2), changing every 4 s, with dot buttons. It
 * stops for reduced motion, while focus is inside, and with the pause button (WCAG 2.2.2).
 */
export function HeroCarousel({ t }: { t: TFunction<"home"> }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = useReducedMotion();
  const hydrated = useHydrated();
  const running = !paused && !focused && !reducedMotion;
  const count = HERO_SLIDES.length;

  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => setIndex((index + 1) % count), HERO_ROTATION_MS);
    return () => window.clearTimeout(timer);
  }, [running, index, count]);

  return (
    // Focus entering or leaving only pauses the timer (WCAG 2.2.2); nothing is activated here.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      aria-roledescription="carousel"
      aria-label={t("hero.carouselLabel")}
      className="w-full"
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <HeroSlides t={t} index={index} running={running} />
      {/* The dots and pause button work only with JavaScript: they appear once the page has hydrated. */}
      {hydrated ? (
        <div className="mt-3 flex items-center justify-center gap-1">
          {HERO_SLIDES.map((slide, slideIndex) => (
            <button
              key={slide.id}
              type="button"
              className="focus-ring tap-target group inline-flex items-center justify-center rounded-full"
              aria-label={t("hero.goToSlide", {
                index: slideIndex + 1,
                title: t(`hero.slides.${slide.id}.title`),
              })}
              aria-current={slideIndex === index ? "true" : undefined}
              onClick={() => setIndex(slideIndex)}
            >
              <span
                aria-hidden="true"
                className={`block h-3 rounded-full border-2 border-white transition-all ${
                  slideIndex === index ? "w-8 bg-white" : "w-3 bg-transparent group-hover:bg-white/60"
                }`}
              />
            </button>
          ))}
          {reducedMotion ? null : (
            <button
              type="button"
              className="focus-ring tap-target js-only ml-2 items-center justify-center rounded-full text-white hover:bg-white/10"
              aria-label={paused ? t("hero.play") : t("hero.pause")}
              onClick={() => setPaused(!paused)}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
                {paused ? <path d="M8 5v14l11-7z" /> : <path d="M7 5h4v14H7zM13 5h4v14h-4z" />}
              </svg>
            </button>
          )}
        </div>
      ) : null}
    </section>
  );
}

/**
 * The slides, rendered again only when the shown slide changes or the rotation stops or starts,
 * not when the controls appear after hydration.
 */
const HeroSlides = memo(function HeroSlides({
  t,
  index,
  running,
}: {
  t: TFunction<"home">;
  index: number;
  running: boolean;
}) {
  const count = HERO_SLIDES.length;
  return (
    <div className="grid" aria-live={running ? "off" : "polite"} data-testid="hero-slides">
      {HERO_SLIDES.map((slide, slideIndex) => {
        const active = slideIndex === index;
        const title = t(`hero.slides.${slide.id}.title`);
        return (
          <figure
            key={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={t("hero.slideLabel", { index: slideIndex + 1, count })}
            aria-hidden={!active}
            data-active={active}
            className={`[grid-area:1/1] m-0 flex flex-col overflow-hidden rounded-2xl bg-emerald-950 shadow-xl motion-safe:transition-[opacity,visibility] motion-safe:duration-700 ${
              active ? "visible opacity-100" : "invisible opacity-0"
            }`}
          >
            <div className="aspect-[3/2] w-full bg-gradient-to-br from-emerald-400 via-emerald-600 to-emerald-900">
              <FallbackImage
                src={slide.image}
                alt={t(`hero.slides.${slide.id}.alt`)}
                width={ILLUSTRATION.width}
                height={ILLUSTRATION.height}
                eager={slideIndex === 0}
                className="h-full w-full object-cover"
                fallback={null}
              />
            </div>
            <figcaption className="flex-1 p-5 text-white">
              <p className="text-xl font-bold">{title}</p>
              <p className="mt-1 text-emerald-50">{t(`hero.slides.${slide.id}.description`)}</p>
            </figcaption>
          </figure>
        );
      })}
    </div>
  );
});
