import { useEffect, useRef, type ReactNode } from "react";
import { useLocation } from "react-router";

/**
 * A <details> menu: it opens and closes without JavaScript; with it, Escape closes and returns
 * focus, a click elsewhere closes, and a route change closes.
 */
export function Disclosure({
  summary,
  summaryClassName,
  className,
  children,
  label,
}: {
  summary: ReactNode;
  summaryClassName?: string;
  className?: string;
  children: ReactNode;
  label?: string;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.pathname, location.search]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    function onPointerDown(event: PointerEvent) {
      if (details!.open && !details!.contains(event.target as Node)) details!.open = false;
    }
    function onFocusOut(event: FocusEvent) {
      if (details!.open && event.relatedTarget instanceof Node && !details!.contains(event.relatedTarget)) {
        details!.open = false;
      }
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape" && details!.open) {
        details!.open = false;
        details!.querySelector("summary")?.focus();
        event.stopPropagation();
      }
    }
    document.addEventListener("pointerdown", onPointerDown);
    details.addEventListener("focusout", onFocusOut);
    details.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      details.removeEventListener("focusout", onFocusOut);
      details.removeEventListener("keydown", onKeyDown);
    };
  }, []);

  return (
    <details ref={ref} className={className}>
      <summary className={summaryClassName} aria-label={label}>
        {summary}
      </summary>
      {children}
    </details>
  );
}
