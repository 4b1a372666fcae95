import type { Role } from "./vocabulary";

/**
 * The back office's sections and who opens each: the menu shows, and the /admin guard admits,
 * by this one list (docs/decisions/052-staff-week.md). `staff: false` sections are ADMIN only:
 * payments, the people's accounts, the outbox, and the attendee lists, which hold guardians'
 * contacts next to paid tickets and refunds, the totals per campaign (gift money) and the export
 * of everything. `paths` are the addresses under the section besides
 * its own (a donor's page belongs to donations).
 */
export const ADMIN_SECTIONS = [
  { key: "overview", to: "/admin", staff: true, end: true },
  { key: "submissions", to: "/admin/submissions", staff: true },
  { key: "donations", to: "/admin/donations", staff: false, paths: ["/admin/donors", "/admin/pledges"] },
  { key: "subscribers", to: "/admin/subscribers", staff: true },
  { key: "newsletters", to: "/admin/newsletters", staff: true },
  { key: "registrations", to: "/admin/registrations", staff: false },
  { key: "campaigns", to: "/admin/campaigns", staff: false },
  { key: "programSessions", to: "/admin/program-sessions", staff: true },
  { key: "volunteers", to: "/admin/volunteers", staff: true },
  { key: "entries", to: "/admin/entries", staff: true },
  { key: "content", to: "/admin/content", staff: true },
  { key: "files", to: "/admin/files", staff: true },
  { key: "imports", to: "/admin/imports", staff: false },
  { key: "outbox", to: "/admin/outbox", staff: false },
  { key: "users", to: "/admin/users", staff: false },
  { key: "audit", to: "/admin/audit", staff: true },
  { key: "export", to: "/admin/export", staff: false },
] as const satisfies readonly {
  key: string;
  to: string;
  staff: boolean;
  end?: true;
  paths?: readonly string[];
}[];

export type AdminSection = (typeof ADMIN_SECTIONS)[number];

const under = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** The section an /admin address belongs to (the overview only for /admin itself). */
export function adminSectionOf(pathname: string): AdminSection | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  return ADMIN_SECTIONS.find((section) =>
    "end" in section
      ? path === section.to
      : [section.to, ...("paths" in section ? section.paths : [])].some((prefix) => under(path, prefix)),
  );
}

/** Whether this role opens the section: ADMIN all, STAFF the `staff` ones, nobody else any. */
export function mayOpenSection(role: Role, section: AdminSection): boolean {
  return role === "ADMIN" || (role === "STAFF" && section.staff);
}
