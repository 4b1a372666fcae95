import { index, route, type RouteConfig } from "@react-router/dev/routes";

// Every URL of the site, in one list (docs/conventions.md, Layout). Pages first, then old addresses, then resources.
export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("mission", "routes/mission.tsx"),
  route("team", "routes/team.tsx"),
  route("history", "routes/history.tsx"),
  route("programs", "routes/programs.tsx"),
  route("education", "routes/education.tsx"),
  route("athletics", "routes/athletics.tsx"),
  route("mentorship", "routes/mentorship.tsx"),
  route("services", "routes/services.tsx"),
  route("impact", "routes/impact.tsx"),
  route("reports", "routes/reports.tsx"),
  route("stories", "routes/stories.tsx"),
  route("calculator", "routes/calculator.tsx"),
  route("events", "routes/events.tsx"),
  route("blog", "routes/blog.tsx"),
  route("partner", "routes/partner.tsx"),
  route("volunteer", "routes/volunteer.tsx"),
  route("get-involved", "routes/get-involved.tsx"),
  route("join", "routes/join.tsx"),
  route("join-our-team", "routes/jobs.tsx"),
  route("give", "routes/give.tsx"),
  route("donate", "routes/donate.tsx"),
  route("contact", "routes/contact.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("accessibility", "routes/accessibility.tsx"),
  route("login", "routes/login.tsx"),
  route("signup", "routes/signup.tsx"),
  route("search", "routes/search.tsx"),

  // Pages with a parameter, and the site's resources.
  route("blog/:slug", "routes/blog-post.tsx"),
  route("events/:id/calendar.ics", "routes/event-ics.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),

  // One route per form (docs/product.md §3), newsletter confirmation and unsubscribe.
  route("forms/enrollment", "routes/form-page.tsx", { id: "form-enrollment" }),
  route("forms/education", "routes/form-page.tsx", { id: "form-education" }),
  route("forms/athletics", "routes/form-page.tsx", { id: "form-athletics" }),
  route("forms/mentoring", "routes/form-page.tsx", { id: "form-mentoring" }),
  route("forms/volunteer", "routes/form-page.tsx", { id: "form-volunteer" }),
  route("forms/get-involved", "routes/form-page.tsx", { id: "form-get-involved" }),
  route("forms/fundraising-team", "routes/form-page.tsx", { id: "form-fundraising-team" }),
  route("forms/giving-info", "routes/form-page.tsx", { id: "form-giving-info" }),
  route("forms/contact", "routes/form-page.tsx", { id: "form-contact" }),
  route("forms/partner", "routes/form-page.tsx", { id: "form-partner" }),
  route("newsletter", "routes/newsletter.tsx"),
  route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),

  // Donations: thank-you, manage links, statements and the Stripe webhook.
  route("donate/thank-you", "routes/donate.thank-you.tsx"),
  route("donate/manage", "routes/donate.manage.tsx"),
  route("donate/manage/:token", "routes/donate.manage.token.tsx"),
  route("donate/statement", "routes/donate.statement.tsx"),
  route("api/v1/stripe/webhook", "routes/api.stripe-webhook.ts"),

  // Accounts: sign-out, account, e-mail verification, password reset, the auth API and /admin.
  route("logout", "routes/logout.ts"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("verify-email", "routes/verify-email.tsx"),
  route("account", "routes/account.tsx"),
  route("api/v1/auth/me", "routes/api/auth-me.ts"),
  route("api/v1/auth/refresh", "routes/api/auth-refresh.ts"),
  route("api/v1/auth/logout", "routes/api/auth-logout.ts"),
  // The admin layout's middleware checks ADMIN before any loader or action below it runs.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/overview.tsx"),
    route("submissions", "routes/admin/submissions.tsx"),
    route("submissions/export.csv", "routes/admin/submissions-csv.ts"),
    route("submissions/:id", "routes/admin/submission.tsx"),
    route("donations", "routes/admin/donations.tsx"),
    route("donations/export.csv", "routes/admin/donations-csv.ts"),
    route("subscribers", "routes/admin/subscribers.tsx"),
    route("subscribers/export.csv", "routes/admin/subscribers-csv.ts"),
    route("content", "routes/admin/content.tsx"),
    route("outbox", "routes/admin/outbox.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("audit", "routes/admin/audit.tsx"),
  ]),

  // Old addresses that navigation still links to (docs/product.md §2): 301 to the current page.
  route("privacy-policy", "routes/legacy-redirect.ts", { id: "redirect-privacy-policy" }),
  route("terms-of-service", "routes/legacy-redirect.ts", { id: "redirect-terms-of-service" }),
  route("accessibility-statement", "routes/legacy-redirect.ts", { id: "redirect-accessibility-statement" }),

  route("locales/:lng/:file", "routes/locales.ts"),

  // Unmatched URLs would skip the root middleware; this catch-all makes them the not-found page.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
