import { createElement as h, type ComponentType, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  Link as LibraryLink,
  NavLink as LibraryNavLink,
  StaticRouterProvider,
  type LinkProps,
  type NavLinkProps,
} from "react-router";
import { describe, expect, it } from "vitest";
import { Link as ServerLink, NavLink as ServerNavLink } from "~/lib/router-links";

/** Links as the site writes them, the plain paths the server's own take and the rest it hands on. */
const LINKS: LinkProps[] = [
  { to: "/", children: "Home" },
  { to: "/about", className: "nav-menu-link", children: "About" },
  { to: "/events/spring-gala", "aria-label": "Spring gala", children: "Gala" },
  { to: "/search?q=art&lng=es#results", children: "Search" },
  { to: "/donate", discover: "none", children: "Donate" },
  { to: "/reports", target: "_blank", rel: "noopener", children: "Reports" },
  { to: "/give", reloadDocument: true, replace: true, state: { from: "home" }, preventScrollReset: true },
  { to: "/team", id: "team", title: "Team", lang: "es", hrefLang: "es", children: h("span", null, "Equipo") },
  { to: "team", children: "relative" },
  { to: "../history", children: "up" },
  { to: "/about/", children: "trailing slash" },
  { to: "//example.com/x", children: "protocol-relative" },
  { to: "https://example.com/x", children: "absolute" },
  { to: { pathname: "/about", search: "?a=1" }, children: "object" },
  { to: "/programs", prefetch: "intent", children: "prefetch" },
  { to: "/programs", relative: "path", children: "relative option" },
  { to: "/a b", children: "space" },
];

const NAV_LINKS: NavLinkProps[] = [
  { to: "/", children: "Home" },
  { to: "/", end: true, children: "Home, end" },
  { to: "/about", className: "nav-top-link", children: "About" },
  { to: "/about/team", children: "Team" },
  { to: "/About/Team", children: "Case" },
  { to: "/About/Team", caseSensitive: true, children: "Case-sensitive" },
  { to: "/about", end: true, children: "About, end" },
  { to: "/abou", children: "Prefix only" },
  { to: "/events?lng=es", children: "Events" },
  { to: "/about", "aria-current": "true", children: "Current" },
  { to: "/about", style: { fontWeight: 700 }, title: "About us", children: "Styled" },
  {
    to: "/about",
    className: ({ isActive, isPending }) => `link ${isActive ? "on" : "off"} ${isPending ? "wait" : ""}`,
    style: ({ isActive }) => ({ fontWeight: isActive ? 700 : 400 }),
    children: ({ isActive }) => `About${isActive ? " (here)" : ""}`,
  },
  { to: "team", children: "relative" },
  { to: "/about", viewTransition: true, children: "view transition" },
];

async function render(location: string, Component: ComponentType): Promise<string> {
  const handler = createStaticHandler([{ path: "*", Component }]);
  const context = await handler.query(new Request(`https://example.org${location}`));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(h(StaticRouterProvider, { router, context, hydrate: false }));
}

const list = <P>(Component: ComponentType<P>, items: P[]) =>
  function List(): ReactNode {
    return h(
      "nav",
      null,
      items.map((props, index) => h(Component as ComponentType<object>, { key: index, ...props })),
    );
  };

describe("the server build's Link and NavLink write what React Router's do (decision 034)", () => {
  for (const location of ["/", "/about/team", "/events", "/about"]) {
    it(`at ${location}`, async () => {
      const library = await render(location, list(LibraryLink, LINKS));
      expect(await render(location, list(ServerLink, LINKS))).toBe(library);
      expect(library).toContain('href="/search?q=art&amp;lng=es#results"');

      const libraryNav = await render(location, list(LibraryNavLink, NAV_LINKS));
      expect(await render(location, list(ServerNavLink, NAV_LINKS))).toBe(libraryNav);
    });
  }

  it("marks the current page as the library does", async () => {
    const html = await render("/about/team", list(ServerNavLink, NAV_LINKS));
    expect(html).toContain('aria-current="page" class="active" href="/about/team"');
    expect(html).toContain('class="link on "');
    expect(html).not.toMatch(/aria-current="page"[^>]*href="\/abou"/);
  });
});
