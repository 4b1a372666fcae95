/** The site's navigation (docs/product.md §2): labels are keys of the `common` namespace under `nav`. */
export type NavLink = { to: string; label: string };
export type NavGroup = { label: string; overview: NavLink; links: NavLink[] };

export const NAV_GROUPS: NavGroup[] = [
  {
    label: "about",
    overview: { to: "/about", label: "about" },
    links: [
      { to: "/mission", label: "mission" },
      { to: "/team", label: "team" },
      { to: "/history", label: "history" },
    ],
  },
  {
    label: "programs",
    overview: { to: "/programs", label: "programs" },
    links: [
      { to: "/education", label: "education" },
      { to: "/athletics", label: "athletics" },
      { to: "/mentorship", label: "mentorship" },
    ],
  },
  {
    label: "impact",
    overview: { to: "/impact", label: "impact" },
    links: [
      { to: "/reports", label: "reports" },
      { to: "/stories", label: "stories" },
      { to: "/calculator", label: "calculator" },
    ],
  },
  {
    label: "join",
    overview: { to: "/join", label: "join" },
    links: [
      { to: "/volunteer", label: "volunteer" },
      { to: "/partner", label: "partner" },
      { to: "/events", label: "events" },
    ],
  },
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
