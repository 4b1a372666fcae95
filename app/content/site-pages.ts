/**
 * Every public page, in one list: its path, its route module, how long the edge HTML cache may keep
 * it for anonymous visitors (decision 027), its accent colour (docs/product.md §2, "Page colour
 * themes by path") and its key in the `meta` namespace, where its title and description live in
 * each language. `app/routes.ts`, the page cache, the sitemap, the site search, the page metadata
 * and the accent colours are all built from it (docs/decisions/051-one-list-and-a-ground-floor.md):
 * adding a page is one line here.
 */
type Accent =
  "emerald" | "blue" | "purple" | "orange" | "pink" | "indigo" | "cyan" | "green" | "red" | "gray";

/** Pages that show live figures or dates (the goal, the upcoming events, places left in sessions) are kept a minute. */
const LIVE = 60;
/** Everything else changes only with a publish, a copy edit or a deploy, which change the key. */
const CONTENT = 600;

type SitePage = {
  path: string;
  /** The route module, under `app/`. */
  module: string;
  key: string;
  accent: Accent;
  /** Seconds the page cache keeps it; a page without one is always rendered for its visitor. */
  cacheSeconds?: number;
  /** False for account pages: not in the sitemap, nor in the site search. */
  listed?: false;
};

// One row a page, so the table reads as one.
// prettier-ignore
export const SITE_PAGES = [
  { path: "/",               module: "routes/site/home.tsx",           key: "home",            accent: "emerald",  cacheSeconds: LIVE },
  { path: "/about",          module: "routes/site/about.tsx",          key: "about",           accent: "emerald",  cacheSeconds: CONTENT },
  { path: "/mission",        module: "routes/site/mission.tsx",        key: "mission",         accent: "emerald",  cacheSeconds: CONTENT },
  { path: "/team",           module: "routes/site/team.tsx",           key: "team",            accent: "emerald",  cacheSeconds: CONTENT },
  { path: "/history",        module: "routes/site/history.tsx",        key: "history",         accent: "emerald",  cacheSeconds: CONTENT },
  { path: "/programs",       module: "routes/site/programs.tsx",       key: "programs",        accent: "purple",   cacheSeconds: LIVE },
  { path: "/education",      module: "routes/site/education.tsx",      key: "education",       accent: "purple",   cacheSeconds: LIVE },
  { path: "/athletics",      module: "routes/site/athletics.tsx",      key: "athletics",       accent: "orange",   cacheSeconds: LIVE },
  { path: "/mentorship",     module: "routes/site/mentorship.tsx",     key: "mentorship",      accent: "pink",     cacheSeconds: LIVE },
  { path: "/services",       module: "routes/site/services.tsx",       key: "services",        accent: "emerald",  cacheSeconds: CONTENT },
  { path: "/impact",         module: "routes/site/impact.tsx",         key: "impact",          accent: "orange",   cacheSeconds: CONTENT },
  { path: "/reports",        module: "routes/site/reports.tsx",        key: "reports",         accent: "orange",   cacheSeconds: CONTENT },
  { path: "/stories",        module: "routes/site/stories.tsx",        key: "stories",         accent: "orange",   cacheSeconds: CONTENT },
  { path: "/calculator",     module: "routes/site/calculator.tsx",     key: "calculator",      accent: "orange",   cacheSeconds: CONTENT },
  { path: "/events",         module: "routes/site/events.tsx",         key: "events",          accent: "indigo",   cacheSeconds: LIVE },
  { path: "/blog",           module: "routes/site/blog.tsx",           key: "blog",            accent: "emerald",  cacheSeconds: CONTENT },
  { path: "/partner",        module: "routes/site/partner.tsx",        key: "partner",         accent: "cyan",     cacheSeconds: CONTENT },
  { path: "/volunteer",      module: "routes/site/volunteer.tsx",      key: "volunteer",       accent: "blue",     cacheSeconds: LIVE },
  { path: "/get-involved",   module: "routes/site/get-involved.tsx",   key: "getInvolved",     accent: "emerald",  cacheSeconds: CONTENT },
  { path: "/join",           module: "routes/site/join.tsx",           key: "join",            accent: "blue",     cacheSeconds: CONTENT },
  { path: "/join-our-team",  module: "routes/site/join-our-team.tsx",  key: "jobs",            accent: "blue",     cacheSeconds: CONTENT },
  { path: "/give",           module: "routes/site/give.tsx",           key: "give",            accent: "red",      cacheSeconds: LIVE },
  { path: "/donate",         module: "routes/donate/donate.tsx",       key: "donate",          accent: "red",      cacheSeconds: LIVE },
  { path: "/contact",        module: "routes/site/contact.tsx",        key: "contact",         accent: "green",    cacheSeconds: CONTENT },
  { path: "/privacy",        module: "routes/site/privacy.tsx",        key: "privacy",         accent: "gray",     cacheSeconds: CONTENT },
  { path: "/terms",          module: "routes/site/terms.tsx",          key: "terms",           accent: "gray",     cacheSeconds: CONTENT },
  { path: "/accessibility",  module: "routes/site/accessibility.tsx",  key: "accessibility",   accent: "gray",     cacheSeconds: CONTENT },
  { path: "/login",          module: "routes/account/login.tsx",       key: "login",           accent: "emerald",  listed: false },
  { path: "/signup",         module: "routes/account/signup.tsx",      key: "signup",          accent: "emerald",  listed: false },
] as const satisfies readonly SitePage[];

/** The pages a search engine and the site search list: all but the account pages. */
export const LISTED_PAGES: readonly SitePage[] =
  // Pure, so a browser module that imports one constant from here (root.tsx's DEFAULT_ACCENT) does
  // not carry the list with it (decision 068).
  /* @__PURE__ */ SITE_PAGES.filter((page) => !("listed" in page));

/**
 * Pages made from a content entry, one per address: a path pattern (`:slug` is one segment), its
 * module and how long the page cache keeps each of them.
 */
export const ENTRY_PAGES = [
  { path: "/blog/:slug", module: "routes/site/blog-post.tsx", cacheSeconds: CONTENT },
] as const satisfies readonly Pick<SitePage, "path" | "module" | "cacheSeconds">[];

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
