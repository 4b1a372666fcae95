import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, openInPlace, rememberCookieChoice, test } from "./fixtures";

test.beforeEach(async ({ page }) => {
  await rememberCookieChoice(page);
  await page.clock.install();
});

/**
 * Opens the home page as React renders it (a reading page's carousels run only after a client
 * navigation, decision 074), then pauses the fake clock: from here on timers fire only when the
 * test runs it.
 */
async function loadPaused(page: Page) {
  await openInPlace(page, "/");
  // A client navigation takes longer than a load on a busy machine: pause far enough ahead.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_500));
}

/** Focus in and out of a carousel restarts its timer at the current (paused) time. */
async function restartTimer(page: Page, control: string) {
  await page.getByRole("button", { name: control }).focus();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

const activeSlide = (page: Page) => page.locator('[data-testid="hero-slides"] > [data-active="true"]');
const callToAction = (page: Page) =>
  page.locator("section", { has: page.getByRole("heading", { name: "Help a young New Yorker thrive" }) });

test.describe("home hero", () => {
  test("rotates every 4 seconds through four slides, and the dots pick one", async ({ page }) => {
    await loadPaused(page);
    await restartTimer(page, "Show slide 1: Athletics");
    await expect(activeSlide(page)).toContainText("Athletics");
    await page.clock.runFor(3_900);
    await expect(activeSlide(page)).toContainText("Athletics");
    await page.clock.runFor(200);
    await expect(activeSlide(page)).toContainText("Education");
    await page.clock.runFor(4_000);
    await expect(activeSlide(page)).toContainText("Mentorship");
    await page.clock.runFor(4_000);
    await expect(activeSlide(page)).toContainText("Community");
    await page.clock.runFor(4_000);
    await expect(activeSlide(page)).toContainText("Athletics");
    await page.getByRole("button", { name: "Show slide 3: Mentorship" }).click();
    await expect(activeSlide(page)).toContainText("Mentorship");
    await expect(page.getByRole("button", { name: "Show slide 3: Mentorship" })).toHaveAttribute(
      "aria-current",
      "true",
    );
  });

  test("pauses while keyboard focus is inside the carousel", async ({ page }) => {
    await loadPaused(page);
    await page.getByRole("button", { name: "Show slide 2: Education" }).focus();
    await page.keyboard.press("Enter");
    await page.clock.runFor(12_000);
    await expect(activeSlide(page)).toContainText("Education");
  });

  test("shows the stats, the blurbs and the two buttons", async ({ page }) => {
    await page.goto("/");
    const hero = page.locator("section", { has: page.getByRole("heading", { level: 1 }) }).first();
    for (const text of ["250+", "youth served", "98%", "2025"])
      await expect(hero.getByText(text, { exact: true }).first()).toBeVisible();
    for (const blurb of ["Tax exempt", "Community", "Results"])
      await expect(hero.getByRole("heading", { name: blurb, level: 3 })).toBeVisible();
    await expect(hero.getByRole("link", { name: "See Our Impact" })).toHaveAttribute("href", "/impact");
    await expect(hero.getByRole("link", { name: "Join Us" })).toHaveAttribute("href", "/join");
  });
});

test.describe("reduced motion", () => {
  test.use({ reducedMotion: "reduce" });
  test("no timer moves the hero or the testimonials, and counters show their final values", async ({
    page,
  }) => {
    await loadPaused(page);
    await page.clock.runFor(20_000);
    await expect(activeSlide(page)).toContainText("Athletics");
    await expect(page.getByTestId("counter-hours")).toHaveText("5,000+");
    await expect(callToAction(page)).toHaveCSS("opacity", "1");
  });
});

test("a section below the fold fades in once it comes into view, and stays", async ({ page }) => {
  await loadPaused(page);
  const section = callToAction(page);
  await expect(section).toHaveCSS("opacity", "0");
  await section.getByRole("link", { name: "Give $1,000" }).scrollIntoViewIfNeeded();
  await expect(section).toHaveAttribute("data-revealed", "true");
  await expect(section).toHaveCSS("opacity", "1");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(section).toHaveCSS("opacity", "1");
});

test("counters count up once in 20 steps of 40 ms when 30% visible", async ({ page }) => {
  await loadPaused(page);
  const youth = page.getByTestId("counter-youth");
  await expect(youth).toHaveText("0+");
  await page.getByRole("heading", { name: "Our first-year goals, in numbers" }).scrollIntoViewIfNeeded();
  await page.getByTestId("counter-graduation").scrollIntoViewIfNeeded();
  await expect(youth).toHaveText("0+");
  await page.clock.runFor(400);
  await expect(youth).toHaveText("75+");
  await page.clock.runFor(400);
  await expect(youth).toHaveText("150+");
  await expect(page.getByTestId("counter-hours")).toHaveText("5,000+");
  await expect(page.getByTestId("counter-graduation")).toHaveText("95%");
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.clock.runFor(1_000);
  await page.getByTestId("counter-graduation").scrollIntoViewIfNeeded();
  await page.clock.runFor(100);
  await expect(youth).toHaveText("150+");
});

test("testimonials advance every 5 s, wrap around, and follow buttons, dots and cards", async ({ page }) => {
  await loadPaused(page);
  const carousel = page.getByRole("region", { name: "Testimonials" });
  const active = carousel.locator('figure[data-active="true"]');
  await restartTimer(page, "Go to testimonial 1");
  await expect(active).toContainText("Maria G.");
  await page.clock.runFor(5_000);
  await expect(active).toContainText("James T.");
  await page.clock.runFor(5_000);
  await expect(active).toContainText("Angela R.");
  await page.clock.runFor(5_000);
  await expect(active).toContainText("Maria G.");
  await carousel.getByRole("button", { name: "Previous testimonial" }).click();
  await expect(active).toContainText("Angela R.");
  await carousel.getByRole("button", { name: "Next testimonial" }).click();
  await expect(active).toContainText("Maria G.");
  await carousel.getByRole("button", { name: "Go to testimonial 2" }).click();
  await expect(active).toContainText("James T.");
  await carousel.getByRole("button", { name: /Dr. Angela R./ }).click();
  await expect(active).toContainText("Angela R.");
});

test("call to action links to /give, /volunteer and three donation amounts", async ({ page }) => {
  await page.goto("/");
  const cta = page.locator("section", {
    has: page.getByRole("heading", { name: "Help a young New Yorker thrive" }),
  });
  await expect(cta.getByRole("link", { name: "Donate" })).toHaveAttribute("href", "/give");
  await expect(cta.getByRole("link", { name: "Volunteer" })).toHaveAttribute("href", "/volunteer");
  await expect(cta.getByRole("link", { name: "Give $50" })).toHaveAttribute(
    "href",
    "/donate?amount=50&frequency=one-time",
  );
  await expect(cta.getByRole("link", { name: "Give $250" })).toHaveAttribute(
    "href",
    "/donate?amount=250&frequency=one-time",
  );
  await expect(cta.getByRole("link", { name: "Give $1,000" })).toHaveAttribute(
    "href",
    "/donate?amount=1000&frequency=one-time",
  );
});

test("Learn More links go to each program", async ({ page }) => {
  await page.goto("/");
  for (const program of ["Education", "Athletics", "Mentorship"])
    await expect(page.getByRole("link", { name: `Learn more about ${program}` })).toHaveAttribute(
      "href",
      `/${program.toLowerCase()}`,
    );
});

// Decision 074: a full load of the home page is a reading page, as it always was without JavaScript:
// the first slide and the first testimonial, no controls that would need scripts, and Enroll a link
// to the enrollment page.
test("a first view of the home page loads no script and its links lead where the dialogs would", async ({
  page,
}) => {
  await page.clock.resume();
  await page.goto("/");
  await expect(activeSlide(page)).toContainText("Athletics");
  await expect(page.getByRole("button", { name: /^Show slide/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /testimonial/ })).toHaveCount(0);
  await page.getByRole("link", { name: "Enroll", exact: true }).click();
  await expect(page).toHaveURL(/\/forms\/enrollment$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("Enroll opens the dialog, which closes with Escape, the close button and the backdrop", async ({
  page,
}) => {
  await page.clock.resume();
  await openInPlace(page, "/");
  const enroll = page.getByRole("link", { name: "Enroll", exact: true });
  await expect(enroll).toHaveAttribute("href", "/forms/enrollment");
  const dialog = page.getByRole("dialog", { name: "Enroll in our programs" });

  await enroll.click();
  await expect(dialog).toBeVisible();
  const results = await new AxeBuilder({ page })
    .include("dialog")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(enroll).toBeFocused();

  await enroll.click();
  await expect(dialog).toBeVisible();
  // Focus stays inside: tabbing cycles through the dialog's own controls.
  for (let step = 0; step < 4; step++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  await enroll.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
});

test.describe("image failures", () => {
  test.use({ allowConsoleErrors: [/hero-(athletics|education)\.svg/] });
  test("a broken hero image falls back to the green gradient and a program image to its title", async ({
    page,
  }) => {
    await page.route(/hero-(athletics|education)\.svg$/, (route) => route.fulfill({ status: 404, body: "" }));
    await openInPlace(page, "/");
    await expect(page.getByRole("img", { name: /young players passing a soccer ball/ })).toHaveCount(0);
    const education = page.locator("article", {
      has: page.getByRole("heading", { name: "Education", level: 3 }),
    });
    await expect(education.locator("p", { hasText: /^Education$/ })).toBeVisible();
  });
});
