import { useEffect, useRef, type ComponentPropsWithoutRef } from "react";

const HIDDEN = ["opacity-0", "translate-y-6"];

/**
 * A section that fades in once when it enters view (docs/product.md §2, thresholds 0.2 to 0.3).
 * The server renders it visible, so it reads without JavaScript; only sections still below
 * the fold at hydration are hidden, and never for people who prefer reduced motion.
 */
export function Reveal({
  className = "",
  threshold = 0.2,
  ...props
}: ComponentPropsWithoutRef<"section"> & { threshold?: number }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || !("IntersectionObserver" in window)) return;
    if (matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    // Where the section stands is read from the observers' entries, which the browser fills in
    // with its own layout: asking the element (getBoundingClientRect, offsetHeight) during
    // hydration would make it lay the whole page out again for each section.
    let reveal: IntersectionObserver | null = null;
    const place = new IntersectionObserver(([entry]) => {
      place.disconnect();
      if (!entry || entry.boundingClientRect.top < (entry.rootBounds?.height ?? window.innerHeight)) return;
      element.classList.add(...HIDDEN);
      const height = Math.max(1, entry.boundingClientRect.height);
      reveal = new IntersectionObserver(
        (entries) => {
          if (!entries.some((item) => item.isIntersecting)) return;
          element.classList.remove(...HIDDEN);
          element.dataset.revealed = "true";
          reveal?.disconnect();
        },
        // A section taller than the screen can never be 20% visible; its top edge is enough then.
        { threshold: Math.min(threshold, (window.innerHeight * 0.9) / height) },
      );
      reveal.observe(element);
    });
    place.observe(element);
    return () => {
      place.disconnect();
      reveal?.disconnect();
      element.classList.remove(...HIDDEN);
    };
  }, [threshold]);
  return (
    <section
      ref={ref}
      className={`motion-safe:transition-[opacity,transform] motion-safe:duration-700 motion-safe:ease-out ${className}`}
      {...props}
    />
  );
}
