import { createElement, type ReactNode, type Ref } from "react";
import {
  Link as RouterLink,
  NavLink as RouterNavLink,
  useLocation,
  type LinkProps,
  type NavLinkProps,
  type NavLinkRenderProps,
} from "react-router";

/**
 * React Router as the server build's pages see it (decision 034): the library itself, with a
 * `Link` and `NavLink` that render a plain site path without the browser's machinery.
 *
 * The library's `Link` resolves its path against the route tree, parses it again, and sets up
 * prefetching and the click handler on every render; a page has some eighty of them (header,
 * footer, cards), about a twelfth of an uncached page's CPU, to write `<a href>` with the path it
 * was given. For a path of plain segments (`/events/spring-gala`, with a query or fragment) and no
 * option that changes the address, these write the same element, attribute for attribute, without
 * that work; anything else (relative paths, objects, `prefetch`, `mask`, `relative`) goes to the
 * library's own components. The browser always uses the library's, and hydrates what these wrote.
 *
 * `vite.config.ts` puts this module in place of `react-router` for the app's own modules in the
 * server build only; dev and the tests use the library as it is, and
 * `tests/worker/router-links-server.test.ts` renders the same links through both.
 */
export * from "react-router";

/** Plain segments, no `.`/`..` or doubled or trailing slash, then an optional query and fragment. */
const PLAIN_PATH = /^\/(?:[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*)?(?:\?[^#\s]+)?(?:#\S+)?$/;

const isPlain = (to: unknown): to is string => typeof to === "string" && PLAIN_PATH.test(to);

type ServerLinkProps = LinkProps & { ref?: Ref<HTMLAnchorElement> };

export function Link(props: ServerLinkProps) {
  const {
    onClick: _onClick,
    discover = "render",
    prefetch = "none",
    relative,
    reloadDocument: _reloadDocument,
    replace: _replace,
    mask,
    state: _state,
    target,
    to,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    ref: _ref,
    ...rest
  } = props;
  if (!isPlain(to) || prefetch !== "none" || relative !== undefined || mask !== undefined) {
    return createElement(RouterLink, props);
  }
  // The library's order: its own props, then href, target and data-discover (handlers and refs
  // are not written into HTML).
  return createElement("a", {
    ...rest,
    href: to,
    target,
    "data-discover": discover === "render" ? "true" : undefined,
  });
}

type ServerNavLinkProps = NavLinkProps & { ref?: Ref<HTMLAnchorElement> };

export function NavLink(props: ServerNavLinkProps) {
  const {
    "aria-current": ariaCurrentProp = "page",
    caseSensitive = false,
    className: classNameProp = "",
    end = false,
    style: styleProp,
    to,
    viewTransition,
    children,
    ref,
    ...rest
  } = props;
  const location = useLocation();
  if (!isPlain(to) || rest.relative !== undefined || viewTransition)
    return createElement(RouterNavLink, props);

  // The library's test, with no navigation pending on a server (so never `pending`).
  let toPathname = to.replace(/[?#].*$/, "");
  let locationPathname = location.pathname;
  if (!caseSensitive) {
    toPathname = toPathname.toLowerCase();
    locationPathname = locationPathname.toLowerCase();
  }
  const endSlashPosition =
    toPathname !== "/" && toPathname.endsWith("/") ? toPathname.length - 1 : toPathname.length;
  const isActive =
    locationPathname === toPathname ||
    (!end && locationPathname.startsWith(toPathname) && locationPathname.charAt(endSlashPosition) === "/");
  const renderProps: NavLinkRenderProps = { isActive, isPending: false, isTransitioning: false };
  const className =
    typeof classNameProp === "function"
      ? classNameProp(renderProps)
      : [classNameProp, isActive ? "active" : null].filter(Boolean).join(" ");
  const style = typeof styleProp === "function" ? styleProp(renderProps) : styleProp;
  return createElement(
    Link,
    { ...rest, "aria-current": isActive ? ariaCurrentProp : undefined, className, ref, style, to },
    (typeof children === "function" ? children(renderProps) : children) as ReactNode,
  );
}
