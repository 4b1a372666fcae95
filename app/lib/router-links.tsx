import {
  createElement,
  startTransition,
  useContext,
  type ContextType,
  type MouseEvent,
  type Ref,
} from "react";
import {
  createPath,
  Link as RouterLink,
  NavLink as RouterNavLink,
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_NavigationContext as NavigationContext,
  useLocation,
  type LinkProps,
  type NavLinkProps,
} from "react-router";

/**
 * React Router as the app's own modules see it in the built site (decisions 034 and 035): the
 * library itself, with a `Link` and `NavLink` that do for a plain site path only what such a link
 * needs.
 *
 * The library's `Link` resolves its path against the route tree, parses it again, sets up
 * prefetching and builds a navigate function with its own effect, on the server and again in the
 * browser; a page has some eighty (header, footer, cards), about half of the components the
 * browser hydrates and a twelfth of an uncached page's server CPU, to write `<a href>` with the
 * path it was given. For a path of plain segments (`/events/spring-gala`, with a query or
 * fragment) and no option that changes the address, these write the same element, attribute for
 * attribute, and a click does what the library's does (a plain left click without a modifier or
 * another target navigates in place, replacing the entry when the address is the current one),
 * with two context reads and no effect. Anything else (relative paths, objects, `prefetch`, `mask`,
 * `relative`, view transitions, a basename) goes to the library's own components. Route discovery
 * is unchanged: the library finds links by their `data-discover` attribute.
 *
 * `vite.config.ts` puts this module in place of `react-router` for the app's own modules in both
 * builds; dev and the tests use the library as it is. `tests/worker/router-links.test.ts` renders
 * the same links through both and compares the HTML; `tests/e2e/links.spec.ts` clicks them.
 */
export * from "react-router";

/** Plain segments, no `.`/`..` or doubled or trailing slash, then an optional query and fragment. */
const PLAIN_PATH = /^\/(?:[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*)?(?:\?[^#\s]+)?(?:#\S+)?$/;

const isPlain = (to: unknown): to is string => typeof to === "string" && PLAIN_PATH.test(to);

type SiteLinkProps = LinkProps & { ref?: Ref<HTMLAnchorElement> };
type Contexts = [ContextType<typeof DataRouterContext>, ContextType<typeof NavigationContext>];

/** The two context reads every site link makes (a `NavLink` makes them itself, to be one component). */
export const useLinkContexts = (): Contexts => [useContext(DataRouterContext), useContext(NavigationContext)];

type NavigateOptions = Pick<
  LinkProps,
  "replace" | "state" | "preventScrollReset" | "viewTransition" | "defaultShouldRevalidate"
>;

/**
 * What the library's `Link` does with a click on a link to a plain path: a plain left click without
 * a modifier or another target navigates in place, replacing the entry when the address is the
 * current one; anything else is left to the browser. Also used by kept parts (decision 039).
 */
export function navigateOnPlainClick(
  event: MouseEvent<HTMLElement>,
  to: string,
  target: string | null | undefined,
  [dataRouter, { useTransitions }]: Contexts,
  options: NavigateOptions = {},
) {
  if (event.defaultPrevented || !dataRouter) return;
  const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
  if (event.button !== 0 || (target && target !== "_self") || modified) return;
  event.preventDefault();
  const { router } = dataRouter;
  const navigate = () =>
    void router.navigate(to, {
      ...options,
      replace: options.replace ?? createPath(router.state.location) === to,
    });
  if (useTransitions) startTransition(navigate);
  else navigate();
}

/** The `<a>` the library's `Link` writes for a plain path, or null when the library must write it. */
function plainAnchor(props: SiteLinkProps, contexts: Contexts) {
  const {
    onClick,
    discover = "render",
    prefetch = "none",
    relative,
    reloadDocument,
    replace,
    mask,
    state,
    target,
    to,
    preventScrollReset,
    viewTransition,
    defaultShouldRevalidate,
    ref,
    ...rest
  } = props;
  if (
    !isPlain(to) ||
    prefetch !== "none" ||
    relative !== undefined ||
    mask !== undefined ||
    !contexts[0] ||
    contexts[1].basename !== "/"
  ) {
    return null;
  }

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    navigateOnPlainClick(event, to as string, target, contexts, {
      replace,
      state,
      preventScrollReset,
      viewTransition,
      defaultShouldRevalidate,
    });
  }

  // The library's order: its own props, then href, the click handler, ref, target and
  // data-discover. A link that reloads the document keeps only the caller's handler.
  return createElement("a", {
    ...rest,
    href: to,
    onClick: reloadDocument ? onClick : handleClick,
    ref,
    target,
    "data-discover": discover === "render" ? "true" : undefined,
  });
}

export function Link(props: SiteLinkProps) {
  return plainAnchor(props, useLinkContexts()) ?? createElement(RouterLink, props);
}

type SiteNavLinkProps = NavLinkProps & { ref?: Ref<HTMLAnchorElement> };

export function NavLink(props: SiteNavLinkProps) {
  const {
    "aria-current": ariaCurrent = "page",
    caseSensitive,
    className = "",
    end = false,
    style,
    to,
    viewTransition,
    children,
    ...rest
  } = props;
  const location = useLocation();
  const contexts = useLinkContexts();
  const simple =
    typeof className === "string" &&
    typeof style !== "function" &&
    typeof children !== "function" &&
    !caseSensitive &&
    !viewTransition &&
    rest.relative === undefined;
  if (!isPlain(to) || !simple) return createElement(RouterNavLink, props);

  // The library's test, case-insensitive. The library's `pending` class, which it adds while a
  // navigation to the link is under way, is left out: no style of the site uses it, and a NavLink
  // that asks for `isPending` through a function takes the library's.
  const path = to.replace(/[?#].*$/, "").toLowerCase();
  const current = location.pathname.toLowerCase();
  const slash = path !== "/" && path.endsWith("/") ? path.length - 1 : path.length;
  const isActive = current === path || (!end && current.startsWith(path) && current.charAt(slash) === "/");
  const linkProps: SiteLinkProps = {
    ...rest,
    "aria-current": isActive ? ariaCurrent : undefined,
    className: isActive ? (className ? `${className} active` : "active") : className,
    style,
    to,
    children,
  };
  // The anchor itself, not a `Link` inside: one component per NavLink.
  return plainAnchor(linkProps, contexts) ?? createElement(RouterLink, linkProps);
}
