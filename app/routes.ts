import { index, prefix, route, type RouteConfig } from "@react-router/dev/routes";
import { ENTRY_PAGES, REDIRECTS, SITE_PAGES } from "./content/site-pages";

// Every URL of the site, in one list (docs/architecture.md, Layout). Each area's modules sit in the
// folder of that name under routes/; areas whose URLs share a prefix are grouped with prefix().
export default [
  // Every public page, and each page made from a content entry, from the one list of them
  // (app/content/site-pages.ts: path, module, cache lifetime, sitemap); search answers a query.
  ...[...SITE_PAGES, ...ENTRY_PAGES].map((page) =>
    page.path === "/" ? index(page.module) : route(page.path.slice(1), page.module),
  ),
  route("search", "routes/site/search.tsx"),
  // A volunteer's shifts by their signed link or account, and a young volunteer's guardian's consent (decision 055).
  route("volunteer/me", "routes/site/volunteer-me.tsx"),
  route("volunteer/guardian", "routes/site/volunteer-guardian.tsx"),
  // A free event's RSVP or a paid event's tickets (decision 024).
  route("events/:slug/register", "routes/site/event-register.tsx"),

  // One route per form (docs/product.md §3), each module naming its form; newsletter sign-up, confirmation and unsubscribe.
  ...prefix("forms", [
    route("enrollment", "routes/forms/enrollment.tsx", { id: "form-enrollment" }),
    route("education", "routes/forms/education.tsx", { id: "form-education" }),
    route("athletics", "routes/forms/athletics.tsx", { id: "form-athletics" }),
    route("mentoring", "routes/forms/mentoring.tsx", { id: "form-mentoring" }),
    route("volunteer", "routes/forms/volunteer.tsx", { id: "form-volunteer" }),
    route("get-involved", "routes/forms/get-involved.tsx", { id: "form-get-involved" }),
    route("fundraising-team", "routes/forms/fundraising-team.tsx", { id: "form-fundraising-team" }),
    route("giving-info", "routes/forms/giving-info.tsx", { id: "form-giving-info" }),
    route("contact", "routes/forms/contact.tsx", { id: "form-contact" }),
    route("partner", "routes/forms/partner.tsx", { id: "form-partner" }),
  ]),
  route("newsletter", "routes/forms/newsletter.tsx"),
  ...prefix("newsletter", [
    route("confirm", "routes/forms/newsletter-confirm.tsx"),
    route("unsubscribe", "routes/forms/newsletter-unsubscribe.tsx"),
  ]),

  // Donations: thank-you, manage links and statements (the donate page is in SITE_PAGES).
  ...prefix("donate", [
    route("thank-you", "routes/donate/thank-you.tsx"),
    route("manage", "routes/donate/manage.tsx"),
    route("manage/:token", "routes/donate/manage-token.tsx"),
    route("statement", "routes/donate/statement.tsx"),
  ]),

  // Accounts (sign-in and sign-up pages are in SITE_PAGES): the second factor, sign-out, e-mail verification, password reset, the account page and its sessions.
  route("login/second-factor", "routes/account/second-factor.tsx"),
  route("invite", "routes/account/invite.tsx"),
  route("logout", "routes/account/logout.ts"),
  route("forgot-password", "routes/account/forgot-password.tsx"),
  route("reset-password", "routes/account/reset-password.tsx"),
  route("verify-email", "routes/account/verify-email.tsx"),
  route("account", "routes/account/account.tsx"),
  route("account/security", "routes/account/security.tsx"),
  route("account/offer", "routes/account/offer.tsx"),
  route("account/children", "routes/account/children.tsx"),
  route("account/children/:childId", "routes/account/children-edit.tsx"),
  route("account/children/:childId/record.json", "routes/account/child-record.ts"),

  // The auth API and the Stripe webhook.
  ...prefix("api/v1", [
    route("auth/me", "routes/api/auth-me.ts"),
    route("auth/refresh", "routes/api/auth-refresh.ts"),
    route("auth/logout", "routes/api/auth-logout.ts"),
    route("stripe/webhook", "routes/api/stripe-webhook.ts"),
    route("newsletter/unsubscribe", "routes/api/newsletter-unsubscribe.ts"),
  ]),

  // The admin layout's middleware admits ADMIN and STAFF before any loader or action below it runs;
  // admin-only pages check ADMIN themselves (docs/decisions/022-staff-role.md).
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/overview.tsx"),
    route("submissions", "routes/admin/submissions.tsx"),
    route("submissions/export.csv", "routes/admin/submissions-csv.ts"),
    route("submissions/:id", "routes/admin/submission.tsx"),
    route("donations", "routes/admin/donations.tsx"),
    route("donations/export.csv", "routes/admin/donations-csv.ts"),
    route("donations/monthly", "routes/admin/monthly-donors.tsx"),
    route("donations/statements", "routes/admin/statements.tsx"),
    route("donations/new", "routes/admin/gift-new.tsx"),
    route("donations/import", "routes/admin/donations-import.ts"),
    route("donations/:id", "routes/admin/donation.tsx"),
    route("donations/:id/change", "routes/admin/gift-change.tsx"),
    route("pledges/new", "routes/admin/pledge-new.tsx"),
    route("donors/:key", "routes/admin/donor.tsx"),
    // Totals per campaign of every way in (decision 056), and the export of everything (decision 070): ADMIN only.
    route("campaigns", "routes/admin/campaigns.tsx"),
    route("campaigns/export.csv", "routes/admin/campaigns-csv.ts"),
    route("export", "routes/admin/export.tsx"),
    route("export/download", "routes/admin/export-download.ts"),
    route("subscribers", "routes/admin/subscribers.tsx"),
    route("subscribers/export.csv", "routes/admin/subscribers-csv.ts"),
    route("newsletters", "routes/admin/newsletters.tsx"),
    route("newsletters/:id", "routes/admin/newsletter.tsx"),
    route("content", "routes/admin/content.tsx"),
    route("files", "routes/admin/files.tsx"),
    route("files/:key", "routes/admin/file.tsx"),
    // Imports from spreadsheets, one job each, run a batch at a time (decision 069).
    route("imports", "routes/admin/imports.tsx"),
    route("imports/:id", "routes/admin/imports-job.tsx"),
    route("imports/:id/skipped.csv", "routes/admin/imports-skipped-csv.ts"),
    route("entries/:type?", "routes/admin/entries.tsx"),
    route("entries/:type/:id", "routes/admin/entry.tsx"),
    route("entries/:type/:id/slug", "routes/admin/entry-slug.ts"),
    route("outbox", "routes/admin/outbox.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("audit", "routes/admin/audit.tsx"),
    route("registrations", "routes/admin/registrations.tsx"),
    route("registrations/:slug", "routes/admin/registrations-event.tsx"),
    route("registrations/:slug/export.csv", "routes/admin/registrations-csv.ts"),
    route("program-sessions", "routes/admin/program-sessions.tsx"),
    route("program-sessions/new", "routes/admin/program-sessions-new.tsx"),
    route("program-sessions/:id", "routes/admin/program-session.tsx"),
    route("program-sessions/:id/edit", "routes/admin/program-sessions-edit.tsx"),
    route("program-sessions/:id/roster.csv", "routes/admin/program-session-roster-csv.ts"),
    route("program-sessions/:id/attendance.csv", "routes/admin/program-session-attendance-csv.ts"),
    route("volunteers", "routes/admin/volunteers.tsx"),
    route("volunteers/hours.csv", "routes/admin/volunteers-hours-csv.ts"),
    route("volunteers/accept/:submissionId", "routes/admin/volunteer-accept.tsx"),
    route("volunteers/shifts/:id", "routes/admin/volunteer-shift.tsx"),
    route("volunteers/:id", "routes/admin/volunteer.tsx"),
  ]),

  // The site's resources, and old addresses that navigation still links to (docs/product.md §2): 301 to the current page.
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("locales/:lng/:file", "routes/resources/locales.ts"),
  route("events/:id/calendar.ics", "routes/resources/event-ics.ts"),
  route("volunteer/shifts/:id/calendar.ics", "routes/resources/shift-ics.ts"),
  route("files/:key", "routes/resources/file.ts"),
  ...Object.keys(REDIRECTS).map((path) =>
    route(path.slice(1), "routes/resources/legacy-redirect.ts", { id: `redirect-${path.slice(1)}` }),
  ),

  // Unmatched URLs would skip the root middleware; this catch-all makes them the not-found page.
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
