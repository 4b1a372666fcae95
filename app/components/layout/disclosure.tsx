import { useEffect, type ReactNode } from "react";
import { useLocation } from "react-router";

const OPEN_MENUS = "details[data-menu][open]";

/**
 * A <details> menu: it opens and closes without JavaScript; with it, `useMenus` closes it on
 * Escape (focus back on its summary), on a click or a focus elsewhere and on a route change.
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
  return (
    <details data-menu="" className={className}>
      <summary className={summaryClassName} aria-label={label}>
        {summary}
      </summary>
      {children}
    </details>
  );
}

/**
 * What every menu of the page does with JavaScript, called once by the site's frame: three
 * listeners on the document for all the menus, where each menu had its own listeners and two
 * effects to hydrate (decision 041). Menus nest (the language menu inside the phone menu): each
 * rule applies to the innermost open menu or to every open menu the event leaves.
 */
export function useMenus() {
  const { pathname, search } = useLocation();

  useEffect(() => {
    for (const menu of document.querySelectorAll<HTMLDetailsElement>(OPEN_MENUS)) menu.open = false;
  }, [pathname, search]);

  useEffect(() => {
    const openMenus = () => document.querySelectorAll<HTMLDetailsElement>(OPEN_MENUS);
    function onPointerDown(event: PointerEvent) {
      for (const menu of openMenus()) if (!menu.contains(event.target as Node)) menu.open = false;
    }
    function onFocusOut(event: FocusEvent) {
      const next = event.relatedTarget;
      if (!(next instanceof Node)) return;
      for (const menu of openMenus())
        if (menu.contains(event.target as Node) && !menu.contains(next)) menu.open = false;
    }
    // In the capture phase, before the cookie banner's own Escape: a handled Escape is marked
    // (`defaultPrevented`), so the banner leaves it to the menu.
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape" || !(event.target instanceof Element)) return;
      const menu = event.target.closest<HTMLDetailsElement>(OPEN_MENUS);
      if (!menu) return;
      event.preventDefault();
      menu.open = false;
      menu.querySelector("summary")?.focus();
    }
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("focusout", onFocusOut);
    document.addEventListener("keydown", onKeyDown, true);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("focusout", onFocusOut);
      document.removeEventListener("keydown", onKeyDown, true);
    };
  }, []);
}
