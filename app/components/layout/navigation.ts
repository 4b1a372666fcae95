/** The site's navigation (docs/product.md §2): labels are keys of the `common` namespace under `nav`. */
export type NavLink = { to: string; label: string };
type NavGroup = { label: string; overview: NavLink; links: NavLink[] };

/** A menu whose pages are named as their paths (`/mission` is `nav.mission`). */
const menu = (label: string, pages: string[]): NavGroup => ({
  label,
  overview: { to: `/${label}`, label },
  links: pages.map((page) => ({ to: `/${page}`, label: page })),
});

export const NAV_GROUPS: NavGroup[] = [
  menu("about", ["mission", "team", "history"]),
  menu("programs", ["education", "athletics", "mentorship"]),
  menu("impact", ["reports", "stories", "calculator"]),
  menu("join", ["volunteer", "partner", "events"]),
];

export const FOOTER_LINKS = {
  quickLinks: [
    { to: "/", label: "home" },
    { to: "/about", label: "about" },
    { to: "/services", label: "services" },
    { to: "/impact", label: "impact" },
    { to: "/blog", label: "blog" },
    { to: "/join-our-team", label: "jobs" },
  ],
  programs: [
    { to: "/programs", label: "programs" },
    { to: "/education", label: "education" },
    { to: "/athletics", label: "athletics" },
    { to: "/mentorship", label: "mentorship" },
  ],
  getInvolved: [
    { to: "/get-involved", label: "getInvolved" },
    { to: "/volunteer", label: "volunteer" },
    { to: "/partner", label: "partner" },
    { to: "/give", label: "give" },
    { to: "/donate", label: "donate" },
  ],
} satisfies Record<string, NavLink[]>;
