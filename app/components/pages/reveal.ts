import { useEffect } from "react";

const HIDDEN = ["opacity-0", "translate-y-6"];

/**
 * The attributes of a section that fades in once when it enters view (docs/product.md §2): its
 * classes with the fade's, and the share of it that must show (0.2 to 0.3) in `data-reveal`.
 */
export function revealSection(className = "", threshold = 0.2) {
  return {
    "data-reveal": threshold,
    className: `motion-safe:transition-[opacity,transform] motion-safe:duration-700 motion-safe:ease-out ${className}`,
  };
}

/**
 * Fades in the page's `data-reveal` sections. The server renders them visible, so they read
 * without JavaScript; only sections still below the fold at hydration are hidden, and never for
 * people who prefer reduced motion. One effect and one observer serve every section of the page:
 * a component per section would be hydrated, and run its own effect, for each (decision 041).
 */
export function useRevealSections() {
  useEffect(() => {
    if (!("IntersectionObserver" in window)) return;
    if (matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const sections = [...document.querySelectorAll<HTMLElement>("[data-reveal]")];
    const reveals: IntersectionObserver[] = [];
    // Where each section stands is read from the observer's entries, which the browser fills in
    // with its own layout: asking the elements (getBoundingClientRect, offsetHeight) during
    // hydration would make it lay the whole page out again for each section.
    const place = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const element = entry.target as HTMLElement;
        place.unobserve(element);
        if (entry.boundingClientRect.top < (entry.rootBounds?.height ?? window.innerHeight)) continue;
        element.classList.add(...HIDDEN);
        const height = Math.max(1, entry.boundingClientRect.height);
        const reveal = new IntersectionObserver(
          (seen) => {
            if (!seen.some((item) => item.isIntersecting)) return;
            element.classList.remove(...HIDDEN);
            element.dataset.revealed = "true";
            reveal.disconnect();
          },
          // A section taller than the screen can never be 20% visible; its top edge is enough then.
          { threshold: Math.min(Number(element.dataset.reveal), (window.innerHeight * 0.9) / height) },
        );
        reveal.observe(element);
        reveals.push(reveal);
      }
    });
    for (const section of sections) place.observe(section);
    return () => {
      place.disconnect();
      for (const reveal of reveals) reveal.disconnect();
      for (const section of sections) section.classList.remove(...HIDDEN);
    };
  }, []);
}
