import { readFileSync } from "node:fs";
import { newYorkDate } from "../../app/lib/format";
import { SITE_PAGES } from "../../app/content/site-pages";
import { expect, expectNoAxeViolations, rememberCookieChoice, test, waitForHydration } from "./fixtures";

test.beforeEach(async ({ page }) => rememberCookieChoice(page));

// The initial content the e2e server imports into D1 (scripts/content/seed.json).
const seed = JSON.parse(
  readFileSync(new URL("../../scripts/content/seed.json", import.meta.url), "utf8"),
) as {
  type: string;
  slug: string;
  sortDate: string;
}[];
const BLOG_POSTS = seed.filter((entry) => entry.type === "post");
const EVENTS = seed.filter((entry) => entry.type === "event");

/** Each page's heading and the constants of docs/product.md §9 a visitor must find there, in both languages. */
const PAGES: { path: string; en: string[]; es: string[] }[] = [
  {
    path: "/",
    en: ["Where NYC kids learn, play and grow", "250+", "98%", "$1,000"],
    es: ["Donde los chicos de NYC aprenden, juegan y crecen", "250+", "$1,000"],
  },
  { path: "/about", en: ["About Us", "$500,000", "85%"], es: ["Quiénes somos", "$500,000", "85%"] },
  {
    path: "/education",
    en: ["Education Programs", "150+", "85%", "within 24 hours"],
    es: ["Programas educativos", "150+", "85%", "24 horas"],
  },
  { path: "/athletics", en: ["Athletics Programs", "100+"], es: ["100+"] },
  {
    path: "/mentorship",
    en: ["Mentorship Program", "50+", "90%", "4 to 6 students", "aged 15 to 18"],
    es: ["50+", "90%", "de 4 a 6 estudiantes", "de 15 a 18 años"],
  },
  {
    path: "/impact",
    en: ["Our Impact", "95%", "$500,000", "200 interviews"],
    es: ["Nuestro impacto", "95%", "200 entrevistas"],
  },
  {
    path: "/volunteer",
    // The tutor's, the coach's and the mentor's spots come from the shifts volunteers.spec.ts adds
    // (decision 055), which may run first; the other roles keep the seed's counts.
    en: [
      "25 spots open",
      "10 spots open",
      "12 spots open",
      "within 48 hours",
      "At least 4 hours a month, for one year",
    ],
    es: ["25 lugares disponibles", "12 lugares disponibles", "48 horas"],
  },
  {
    path: "/partner",
    en: ["$100,000+ a year", "$50,000+ a year", "$25,000+ a year", "$10,000+ a year", "Priority", "Limited"],
    es: ["$100,000+ al año", "Prioritaria"],
  },
  {
    // The goal's amount is staff's to change (organization.spec.ts changes it while this runs);
    // tests/worker/organization.test.ts checks /give shows the one in D1.
    path: "/give",
    en: ["Ways to Give", "fundraising goal", "85%", "10%", "5%", "20% greater impact", "Catalyst"],
    es: ["85%", "20% más de impacto", "Catalizador (Catalyst)"],
  },
  {
    path: "/contact",
    en: ["9 AM to 6 PM", "By appointment", "Closed", "within 24 hours"],
    es: ["De 9 a. m. a 6 p. m.", "Con cita previa", "Cerrado"],
  },
  {
    path: "/events",
    en: ["Upcoming events", "Past events", "$150 per person"],
    es: ["Próximos eventos", "Eventos pasados", "$150 por persona"],
  },
  {
    path: "/accessibility",
    en: ["WCAG", "2.1", "4.5:1", "44 by 44 pixels", "within 2 business days"],
    es: ["4.5:1", "2 días hábiles"],
  },
  { path: "/privacy", en: ["parental consent", "COPPA", "Cookies"], es: ["consentimiento", "COPPA"] },
];

for (const { path, en, es } of PAGES) {
  test(`${path} shows its heading and key figures in English and Spanish`, async ({ page }) => {
    for (const [locale, texts] of [
      ["en", en],
      ["es", es],
    ] as const) {
      await page.goto(`${path}?lng=${locale}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const main = page.locator("main");
      for (const text of texts) await expect(main, `${locale}: ${text}`).toContainText(text);
    }
  });
}

test("the calculator explains what a gift does over a year", async ({ page }) => {
  await page.goto("/calculator");
  await waitForHydration(page);
  await page.getByText("$100", { exact: true }).click();
  await page.getByText("Monthly", { exact: true }).click();
  const result = page.getByTestId("calc-result");
  await expect(result).toContainText("$1,200 in a year");
  await expect(result).toContainText("$1,020 for programs");
  await expect(page.getByTestId("calc-tutoring")).toHaveText("102 hours of tutoring");
  await expect(page.getByTestId("calc-mentoring")).toHaveText("14 months of mentoring");
  await expect(page.getByTestId("calc-athletics")).toHaveText("5 seasons of athletics");
  await expect(page.getByTestId("calc-explain")).toContainText("12 months × $100 = $1,200");
  await expect(page.getByRole("link", { name: "Give $100 monthly" })).toHaveAttribute(
    "href",
    "/donate?amount=100&frequency=monthly",
  );
  await page.getByLabel("Other amount (US dollars)").fill("30");
  await page.getByText("Once", { exact: true }).click();
  await expect(result).toContainText("$25.50 for programs");
  await expect(page.getByTestId("calc-tutoring")).toHaveText("2 hours of tutoring");
  await expect(page.getByTestId("calc-mentoring")).toHaveText(
    "Part of a month of mentoring (a month costs $70)",
  );
});

test("the calculator works as a plain form without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/calculator?amount=250&frequency=one-time");
  await expect(page.getByTestId("calc-athletics")).toHaveText("1 season of athletics");
  await context.close();
});

test("events are split into upcoming and past by today's date in New York", async ({ page }) => {
  await page.goto("/events");
  const today = newYorkDate();
  const upcoming = EVENTS.filter((event) => event.sortDate >= today);
  const past = EVENTS.filter((event) => event.sortDate < today);
  expect(upcoming.length).toBeGreaterThan(0);
  for (const event of upcoming)
    await expect(page.getByTestId("upcoming-events").locator(`[data-event="${event.slug}"]`)).toHaveCount(1);
  for (const event of past)
    await expect(page.getByTestId("past-events").locator(`[data-event="${event.slug}"]`)).toHaveCount(1);
});

test("each event's .ics download parses as iCalendar", async ({ page }) => {
  await page.goto("/events?lng=es");
  const link = page.getByRole("link", { name: /^Agregar al calendario/ }).first();
  const response = await page.request.get((await link.getAttribute("href"))!);
  const text = await response.text();
  const unfolded = text.replace(/\r\n /g, "");
  const fields = Object.fromEntries(
    unfolded
      .split("\r\n")
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1)]),
  );
  expect(unfolded).toContain("BEGIN:VEVENT");
  expect(unfolded).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0/);
  expect(fields.DTSTART).toMatch(/^\d{8}T\d{6}Z$/);
  expect(fields.DTEND).toMatch(/^\d{8}T\d{6}Z$/);
  expect(fields.SUMMARY!.length).toBeGreaterThan(5);
  expect(unfolded.trimEnd().endsWith("END:VCALENDAR")).toBe(true);
});

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`blog posts, ${colorScheme}`, () => {
    test.use({ colorScheme });
    test("have no axe violations in English and Spanish", async ({ page }) => {
      test.setTimeout(120_000);
      for (const post of BLOG_POSTS) {
        for (const locale of ["en", "es"]) {
          await page.goto(`/blog/${post.slug}?lng=${locale}`);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          await expectNoAxeViolations(page);
        }
      }
    });
  });
}

test.describe("at 360px", () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test("no page scrolls sideways", async ({ page }) => {
    test.setTimeout(180_000);
    const paths = [...SITE_PAGES.map((item) => item.path), ...BLOG_POSTS.map((post) => `/blog/${post.slug}`)];
    for (const locale of ["en", "es"]) {
      for (const path of paths) {
        await page.goto(`${path}?lng=${locale}`);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${path} (${locale})`).toBeLessThanOrEqual(360);
      }
    }
  });
});
