/**
 * Every public page: its path, its accent colour (docs/product.md §2, "Page colour themes by path"),
 * and its key in the `meta` namespace, where its title and description live in each language.
 * The sitemap, the site search, the page metadata and the accent colours all read this list.
 */
type Accent =
  "emerald" | "blue" | "purple" | "orange" | "pink" | "indigo" | "cyan" | "green" | "red" | "gray";

type SitePage = { path: string; key: string; accent: Accent };

export const SITE_PAGES = [
  { path: "/", key: "home", accent: "emerald" },
  { path: "/about", key: "about", accent: "emerald" },
  { path: "/mission", key: "mission", accent: "emerald" },
  { path: "/team", key: "team", accent: "emerald" },
  { path: "/history", key: "history", accent: "emerald" },
  { path: "/programs", key: "programs", accent: "purple" },
  { path: "/education", key: "education", accent: "purple" },
  { path: "/athletics", key: "athletics", accent: "orange" },
  { path: "/mentorship", key: "mentorship", accent: "pink" },
  { path: "/services", key: "services", accent: "emerald" },
  { path: "/impact", key: "impact", accent: "orange" },
  { path: "/reports", key: "reports", accent: "orange" },
  { path: "/stories", key: "stories", accent: "orange" },
  { path: "/calculator", key: "calculator", accent: "orange" },
  { path: "/events", key: "events", accent: "indigo" },
  { path: "/blog", key: "blog", accent: "emerald" },
  { path: "/partner", key: "partner", accent: "cyan" },
  { path: "/volunteer", key: "volunteer", accent: "blue" },
  { path: "/get-involved", key: "getInvolved", accent: "emerald" },
  { path: "/join", key: "join", accent: "blue" },
  { path: "/join-our-team", key: "jobs", accent: "blue" },
  { path: "/give", key: "give", accent: "red" },
  { path: "/donate", key: "donate", accent: "red" },
  { path: "/contact", key: "contact", accent: "green" },
  { path: "/privacy", key: "privacy", accent: "gray" },
  { path: "/terms", key: "terms", accent: "gray" },
  { path: "/accessibility", key: "accessibility", accent: "gray" },
  { path: "/login", key: "login", accent: "emerald" },
  { path: "/signup", key: "signup", accent: "emerald" },
] as const satisfies readonly SitePage[];

/** Old addresses that navigation still links to (docs/product.md §2); they answer 301. */
export const REDIRECTS: Record<string, string> = {
  "/privacy-policy": "/privacy",
  "/terms-of-service": "/terms",
  "/accessibility-statement": "/accessibility",
};

/** Pages outside the list (forms, accounts, the back office, errors) take this one. */
export const DEFAULT_ACCENT: Accent = "emerald";

export function findSitePage(pathname: string): SitePage | undefined {
  const normalised = pathname !== "/" ? pathname.replace(/\/+$/, "") : pathname;
  return SITE_PAGES.find((page) => page.path === normalised);
}

export function accentForPath(pathname: string): Accent {
  if (pathname.startsWith("/blog/")) return "emerald";
  if (pathname.startsWith("/admin") || pathname.startsWith("/account")) return "emerald";
  return findSitePage(pathname)?.accent ?? DEFAULT_ACCENT;
}
