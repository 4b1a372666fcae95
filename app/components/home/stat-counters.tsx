import { useEffect, useRef } from "react";
import type { TFunction } from "i18next";
import { KeptPart } from "~/components/layout/kept-part";
import { formatNumber, useLocale } from "~/lib/format";
import type { Locale } from "~/lib/i18n";
import { COUNTER_STEP_MS, COUNTER_STEPS, COUNTER_THRESHOLD, COUNTERS } from "~/content/figures";

/**
 * Counters that count up once, in 20 steps of 40 ms, when 30% of them is visible (docs/product.md §2).
 * The server renders the final figures (no JavaScript, reduced motion); after hydration a
 * section still out of view is reset to zero until it is seen.
 *
 * The figures are a kept part (decision 039): hydrating renders none of them, and the count
 * writes each shown figure's one text node, where a React state would render the list 21 times
 * (decision 041).
 */
export function StatCounters({ t }: { t: TFunction<"home"> }) {
  const locale = useLocale();
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const list = ref.current;
    if (!list || !("IntersectionObserver" in window)) return;
    if (matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    // The shown figures' text nodes, in the order of COUNTERS.
    const texts = [...list.querySelectorAll("[data-counter]")].map((figure) => figure.firstChild);
    const show = (step: number) =>
      COUNTERS.forEach((counter, index) => {
        if (texts[index]) texts[index].nodeValue = shownFigure(counter, locale, step);
      });
    let timer: number | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) {
          show(0);
          return;
        }
        observer.disconnect();
        let current = 0;
        show(0);
        timer = window.setInterval(() => {
          show(++current);
          if (current >= COUNTER_STEPS) window.clearInterval(timer);
        }, COUNTER_STEP_MS);
      },
      { threshold: COUNTER_THRESHOLD },
    );
    observer.observe(list);
    return () => {
      observer.disconnect();
      window.clearInterval(timer);
      show(COUNTER_STEPS);
    };
  }, [locale]);

  return (
    <KeptPart as="dl" ref={ref} className="mt-8 grid gap-6 sm:grid-cols-3">
      <CounterFigures t={t} locale={locale} />
    </KeptPart>
  );
}

/** A counter's figure at a step of the count, as one string (one text node to write). */
function shownFigure(counter: (typeof COUNTERS)[number], locale: Locale, step: number) {
  return `${formatNumber(Math.round((counter.value * step) / COUNTER_STEPS), locale)}${counter.suffix}`;
}

function CounterFigures({ t, locale }: { t: TFunction<"home">; locale: Locale }) {
  return COUNTERS.map((counter) => (
    <div
      key={counter.id}
      className="flex flex-col-reverse rounded-2xl bg-white p-6 text-center shadow-sm dark:bg-gray-900"
    >
      <dt className="mt-2 text-lg text-gray-700 dark:text-gray-300">{t(`stats.${counter.id}`)}</dt>
      <dd className="text-5xl font-black tabular-nums text-accent-800 dark:text-accent-200">
        <span aria-hidden="true" data-testid={`counter-${counter.id}`} data-counter={counter.id}>
          {shownFigure(counter, locale, COUNTER_STEPS)}
        </span>
        <span className="sr-only">
          {formatNumber(counter.value, locale)}
          {counter.suffix}
        </span>
      </dd>
    </div>
  ));
}
