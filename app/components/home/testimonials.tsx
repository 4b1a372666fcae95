import { memo, useEffect, useState } from "react";
import type { TFunction } from "i18next";
import { useHydrated, useReducedMotion } from "~/components/pages/motion";
import { TESTIMONIAL_ROTATION_MS } from "~/content/figures";
import { TESTIMONIALS } from "~/content/home";

function Arrow({ direction }: { direction: "left" | "right" }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-6 w-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={direction === "left" ? "m15 5-7 7 7 7" : "m9 5 7 7-7 7"} />
    </svg>
  );
}

/**
 * Testimonials (docs/product.md §2): auto-advance every 5 s, previous and next, dots labelled
 * "Go to testimonial N", clickable cards below, wrapping around. Paused for reduced motion,
 * while focus is inside and with the pause button.
 */
export function Testimonials({ t }: { t: TFunction<"home"> }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = useReducedMotion();
  // Previous, next, dots, pause and the clickable cards work only with JavaScript: they are
  // buttons once the page has hydrated; before that the cards are plain text.
  const hydrated = useHydrated();
  const running = !paused && !focused && !reducedMotion;
  const count = TESTIMONIALS.length;
  const go = (next: number) => setIndex(((next % count) + count) % count);

  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => setIndex((index + 1) % count), TESTIMONIAL_ROTATION_MS);
    return () => window.clearTimeout(timer);
  }, [running, index, count]);

  const control =
    "focus-ring tap-target inline-flex items-center justify-center rounded-full border-2 border-accent-700 text-accent-800 hover:bg-accent-50 dark:border-accent-300 dark:text-accent-200 dark:hover:bg-gray-800";

  return (
    // Focus entering or leaving only pauses the timer (WCAG 2.2.2); nothing is activated here.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={t("testimonials.carouselLabel")}
      className="mt-8"
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <TestimonialSlides t={t} index={index} running={running} />
      {hydrated ? (
        <div className="mt-4 flex flex-wrap items-center justify-center gap-2">
          <button
            type="button"
            className={control}
            aria-label={t("testimonials.previous")}
            onClick={() => go(index - 1)}
          >
            <Arrow direction="left" />
          </button>
          {TESTIMONIALS.map((id, itemIndex) => (
            <button
              key={id}
              type="button"
              className="focus-ring tap-target group inline-flex items-center justify-center rounded-full"
              aria-label={t("testimonials.goTo", { index: itemIndex + 1 })}
              aria-current={itemIndex === index ? "true" : undefined}
              onClick={() => go(itemIndex)}
            >
              <span
                aria-hidden="true"
                className={`block h-3 w-3 rounded-full border-2 border-accent-700 dark:border-accent-300 ${
                  itemIndex === index ? "bg-accent-700 dark:bg-accent-300" : "bg-transparent"
                }`}
              />
            </button>
          ))}
          <button
            type="button"
            className={control}
            aria-label={t("testimonials.next")}
            onClick={() => go(index + 1)}
          >
            <Arrow direction="right" />
          </button>
          {reducedMotion ? null : (
            <button
              type="button"
              className={`${control} js-only`}
              aria-label={paused ? t("testimonials.play") : t("testimonials.pause")}
              onClick={() => setPaused(!paused)}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
                {paused ? <path d="M8 5v14l11-7z" /> : <path d="M7 5h4v14H7zM13 5h4v14h-4z" />}
              </svg>
            </button>
          )}
        </div>
      ) : null}
      <ul className="mt-8 grid gap-4 md:grid-cols-3">
        {TESTIMONIALS.map((id, itemIndex) => (
          <li key={id}>
            {hydrated ? (
              <button
                type="button"
                onClick={() => go(itemIndex)}
                aria-pressed={itemIndex === index}
                className={`focus-ring h-full w-full rounded-xl border-2 p-4 text-left transition-colors ${
                  itemIndex === index
                    ? "border-accent-700 bg-accent-50 dark:border-accent-300 dark:bg-gray-800"
                    : "border-gray-200 bg-white hover:border-accent-400 dark:border-gray-700 dark:bg-gray-900"
                }`}
              >
                <TestimonialAuthor t={t} id={id} />
              </button>
            ) : (
              <div className="h-full w-full rounded-xl border-2 border-gray-200 bg-white p-4 dark:border-gray-700 dark:bg-gray-900">
                <TestimonialAuthor t={t} id={id} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function TestimonialAuthor({ t, id }: { t: TFunction<"home">; id: (typeof TESTIMONIALS)[number] }) {
  return (
    <>
      <span className="block font-bold">{t(`testimonials.items.${id}.author`)}</span>
      <span className="block text-sm text-gray-700 dark:text-gray-300">
        {t(`testimonials.items.${id}.role`)}
      </span>
    </>
  );
}

/** The quotes, rendered again only when the shown quote changes or the rotation stops or starts. */
const TestimonialSlides = memo(function TestimonialSlides({
  t,
  index,
  running,
}: {
  t: TFunction<"home">;
  index: number;
  running: boolean;
}) {
  const count = TESTIMONIALS.length;
  return (
    <div className="grid" aria-live={running ? "off" : "polite"}>
      {TESTIMONIALS.map((id, itemIndex) => {
        const active = itemIndex === index;
        return (
          <figure
            key={id}
            role="group"
            aria-roledescription="slide"
            aria-label={t("testimonials.slideLabel", { index: itemIndex + 1, count })}
            aria-hidden={!active}
            data-active={active}
            className={`[grid-area:1/1] m-0 rounded-2xl bg-white p-6 shadow-sm sm:p-10 dark:bg-gray-900 motion-safe:transition-[opacity,visibility] motion-safe:duration-500 ${
              active ? "visible opacity-100" : "invisible opacity-0"
            }`}
          >
            <blockquote className="text-xl font-medium text-gray-900 sm:text-2xl dark:text-gray-100">
              <p>“{t(`testimonials.items.${id}.quote`)}”</p>
            </blockquote>
            <figcaption className="mt-4">
              <span className="font-bold">{t(`testimonials.items.${id}.author`)}</span>
              <span className="block text-gray-700 dark:text-gray-300">
                {t(`testimonials.items.${id}.role`)}
              </span>
            </figcaption>
          </figure>
        );
      })}
    </div>
  );
});
