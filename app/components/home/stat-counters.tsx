import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/lib/format";
import { COUNTER_STEP_MS, COUNTER_STEPS, COUNTER_THRESHOLD, COUNTERS } from "~/content/figures";

/**
 * Counters that count up once, in 20 steps of 40 ms, when 30% of them is visible (docs/product.md §2).
 * The server renders the final figures (no JavaScript, reduced motion); after hydration a
 * section still out of view is reset to zero until it is seen.
 */
export function StatCounters() {
  const { t } = useTranslation("home");
  const format = useFormat();
  const ref = useRef<HTMLDListElement>(null);
  const [step, setStep] = useState(COUNTER_STEPS);

  useEffect(() => {
    const element = ref.current;
    if (!element || !("IntersectionObserver" in window)) return;
    if (matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let timer: number | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((entry) => entry.isIntersecting);
        if (!visible) {
          setStep(0);
          return;
        }
        observer.disconnect();
        let current = 0;
        setStep(0);
        timer = window.setInterval(() => {
          current += 1;
          setStep(current);
          if (current >= COUNTER_STEPS) window.clearInterval(timer);
        }, COUNTER_STEP_MS);
      },
      { threshold: COUNTER_THRESHOLD },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      window.clearInterval(timer);
    };
  }, []);

  return (
    <dl ref={ref} className="mt-8 grid gap-6 sm:grid-cols-3">
      {COUNTERS.map((counter) => {
        const shown = Math.round((counter.value * step) / COUNTER_STEPS);
        return (
          <div
            key={counter.id}
            className="flex flex-col-reverse rounded-2xl bg-white p-6 text-center shadow-sm dark:bg-gray-900"
          >
            <dt className="mt-2 text-lg text-gray-700 dark:text-gray-300">{t(`stats.${counter.id}`)}</dt>
            <dd className="text-5xl font-black tabular-nums text-accent-800 dark:text-accent-200">
              <span aria-hidden="true" data-testid={`counter-${counter.id}`}>
                {format.number(shown)}
                {counter.suffix}
              </span>
              <span className="sr-only">
                {format.number(counter.value)}
                {counter.suffix}
              </span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
