import {
  createElement,
  useState,
  useSyncExternalStore,
  type HTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from "react";
import { useLocation, useNavigate } from "react-router";
import { useI18nInstance } from "~/lib/i18n-instance";

type KeptPartProps = HTMLAttributes<HTMLElement> & {
  /** The element that holds the part. */
  as?: "div" | "section" | "ul" | "dl";
  /** The element, for an effect that works on what the part shows (the counters' count). */
  ref?: Ref<HTMLElement>;
  /**
   * What the part shows besides words: loader data (an object, compared by identity, so a
   * revalidation renders the part again) or a value.
   */
  data?: unknown;
  children: ReactNode;
};

const dataIds = new WeakMap<object, number>();
let lastDataId = 0;
function dataKey(data: unknown) {
  if (data === null || typeof data !== "object") return String(data ?? "");
  let id = dataIds.get(data);
  if (id === undefined) dataIds.set(data, (id = ++lastDataId));
  return `#${id}`;
}

const noSubscription = () => () => {};
// The same object each time, so a render of a kept part never writes its element again.
const SERVER_CHILDREN = { __html: "" };

/**
 * A site link inside a kept part: a plain anchor, marked as React Router's `Link` marks one
 * (`data-discover`, so the router learns its route ahead), which the part navigates. A part renders
 * on every uncached request; an anchor costs none of the hooks a `Link` or `NavLink` runs to
 * resolve its path and make its own click handler (decision 067). `current` marks the page shown.
 */
export function PartLink({
  to,
  current = false,
  className,
  children,
}: {
  to: string;
  current?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a aria-current={current ? "page" : undefined} className={className} href={to} data-discover="true">
      {children}
    </a>
  );
}

/**
 * A part of the page that only shows words and links (decision 039). React hydrates its element but
 * keeps what the server wrote inside, without rendering it again: no components, no translations,
 * no comparison. Inside, only site links (`PartLink`, `Link`) and plain anchors: a click on a site
 * link navigates as React Router's `Link` would (a plain left click without a modifier or another
 * target navigates in place, replacing the entry when the address is the current one), whether the
 * part is kept or rendered, and the element's own `onClick` sees every click.
 * Once the language, the address or `data` changes, React renders the part from its children, and
 * from then on always; so does any render that is not the page's hydration (the server's, a client
 * render after a navigation or after a failed hydration). One component, not a keyed wrapper around
 * one: each kept part is one fiber to hydrate (decision 041).
 */
export function KeptPart({ data, as = "div", children, onClick, ...props }: KeptPartProps) {
  const i18n = useI18nInstance();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const shown = `${i18n.language} ${pathname}${search} ${dataKey(data)}`;
  // React asks for the server's value only while it hydrates, and in the browser that is true.
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => typeof document !== "undefined",
  );
  // What the server wrote is kept for what it showed. React renders the part once more after
  // hydrating, as it does for every store whose value moved; the part stays kept.
  const [kept, setKept] = useState(hydrating ? shown : null);
  if (kept !== null && kept !== shown) setKept(null);
  // A `Link` inside handles its own click first (and marks it handled); a `PartLink` is followed here.
  function followLink(event: MouseEvent<HTMLElement>) {
    onClick?.(event);
    const link = (event.target as Element).closest("a[data-discover]");
    const href = link?.getAttribute("href");
    const target = link?.getAttribute("target");
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (!href || event.defaultPrevented || event.button !== 0 || modified) return;
    if (target && target !== "_self") return;
    event.preventDefault();
    void navigate(href, { replace: `${pathname}${search}${hash}` === href });
  }
  if (kept !== shown) return createElement(as, { ...props, onClick: followLink }, children);
  return createElement(as, {
    ...props,
    onClick: followLink,
    suppressHydrationWarning: true,
    dangerouslySetInnerHTML: SERVER_CHILDREN,
  });
}
