import type { Locator, Page } from "@playwright/test";
import { MENTORING_AGES } from "../../app/content/figures";
import { SEED_FACTS } from "../support/seed-facts";
import { expect, openInPlace, rememberCookieChoice, test, waitForHydration } from "./fixtures";

/**
 * One set of facts on every screen (docs/decisions/025-one-set-of-facts.md): years, amounts and
 * rules read the same everywhere, and the layout faults found on phones stay fixed, at 390 and
 * 1280 px.
 */

/** How many lines an element's text takes. */
function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    return tops.size;
  });
}

async function open(page: Page, path: string) {
  await rememberCookieChoice(page);
  await page.goto(path);
}

for (const width of [390, 1280] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, reducedMotion: "reduce" });

    test("the $500,000 budget stays on one line on /impact and /about", async ({ page }) => {
      for (const path of ["/impact", "/about"]) {
        await open(page, path);
        const figure = page.locator("dd", { hasText: "$500,000" }).first();
        await expect(figure).toBeVisible();
        expect(await lineCount(figure), path).toBe(1);
        const overflows = await figure.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
        expect(overflows, path).toBe(false);
      }
    });

    test("the partner prospects show every status inside the page, nothing to scroll sideways", async ({
      page,
    }) => {
      await open(page, "/partner");
      const table = page.locator("main table");
      await expect(table).toBeVisible();
      const statuses = table.locator("tbody tr td:last-child");
      const count = await statuses.count();
      expect(count).toBeGreaterThan(0);
      for (let index = 0; index < count; index += 1) {
        const box = await statuses.nth(index).boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      }
      // No scroll region that a keyboard could not reach (axe scrollable-region-focusable).
      const scrollers = await page
        .locator("#prospects *")
        .evaluateAll(
          (elements) => elements.filter((element) => element.scrollWidth > element.clientWidth + 1).length,
        );
      expect(scrollers).toBe(0);
    });

    test("the home enrollment dialog aligns its text to the start and keeps each asterisk with its label", async ({
      page,
    }) => {
      await rememberCookieChoice(page);
      await openInPlace(page, "/");
      await page.getByRole("link", { name: "Enroll", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Enroll in our programs" });
      await expect(dialog.getByRole("button", { name: /submit/i })).toBeVisible();
      const labels = dialog.locator("label, legend");
      const aligns = await labels.evaluateAll((elements) =>
        elements.map((element) => getComputedStyle(element).textAlign),
      );
      expect(new Set(aligns)).toEqual(new Set(["start"]));
      // A star never starts a line by itself: it sits on the same line as the label's last word.
      const stranded = await dialog.locator('[aria-hidden="true"]', { hasText: "*" }).evaluateAll(
        (stars) =>
          stars.filter((star) => {
            const previous = star.previousSibling;
            if (!previous) return false;
            const range = document.createRange();
            range.selectNodeContents(previous);
            const rects = [...range.getClientRects()];
            const last = rects[rects.length - 1];
            return last ? Math.abs(last.top - star.getBoundingClientRect().top) > 4 : false;
          }).length,
      );
      expect(stranded).toBe(0);
      // Submitting empty: the error summary's entries align to the start too and name their field.
      await dialog.getByRole("checkbox").first().check();
      await dialog.getByRole("button", { name: /submit/i }).click();
      const summary = dialog.getByRole("alert").filter({ hasText: "There is a problem" });
      await expect(summary).toBeVisible();
      expect(await summary.evaluate((element) => getComputedStyle(element).textAlign)).toBe("start");
      for (const entry of await summary.getByRole("link").allTextContents()) {
        expect(entry).toMatch(/^[^:]{2,40}: /);
      }
    });

    test("a click after leaving an empty field is not lost (mentoring availability)", async ({ page }) => {
      await open(page, "/mentorship");
      await waitForHydration(page);
      const form = page.locator("form", { has: page.getByLabel("Weekday Evenings") });
      await form.getByLabel("Email", { exact: false }).first().focus();
      const evenings = form.getByLabel("Weekday Evenings");
      await evenings.click();
      await expect(evenings).toBeChecked();
      // Nothing was said before a submit.
      await expect(form.getByRole("alert")).toHaveCount(0);
    });

    test("mentoring ages: peer mentors of 15 to 18 may apply, as the page says; adults from 21", async ({
      page,
    }) => {
      test.setTimeout(60_000);
      const { peerMentor, adultMentor } = MENTORING_AGES;
      await open(page, "/mentorship");
      await waitForHydration(page);
      await expect(page.getByText(`Trained teens aged ${peerMentor.min} to ${peerMentor.max}`)).toBeVisible();
      const form = page.locator("form", { has: page.getByLabel("Weekday Evenings") });
      await form.getByLabel("I want to be a mentor").check();
      await form.getByLabel("Full name").fill("Tess Young");
      await form.getByLabel("Email").first().fill("tess@example.com");
      await form.getByLabel("Age", { exact: false }).first().fill("16");
      await expect(form.getByText(`Peer mentors: ${peerMentor.min} to ${peerMentor.max}`)).toBeVisible();
      await form.getByLabel("Area of interest").selectOption("stem");
      await form.getByLabel("Weekday Evenings").check();
      await form.getByLabel("Parent or guardian's name").fill("Ana Young");
      await form.getByRole("button", { name: /submit/i }).click();
      await expect(page.getByText("Application Submitted")).toBeVisible();

      await page.reload();
      await waitForHydration(page);
      const again = page.locator("form", { has: page.getByLabel("Weekday Evenings") });
      await again.getByLabel("I want to be a mentor").check();
      await again.getByLabel("Full name").fill("Rob Twenty");
      await again.getByLabel("Email").first().fill("rob@example.com");
      await again
        .getByLabel("Age", { exact: false })
        .first()
        .fill(String(adultMentor.min - 1));
      await again.getByLabel("Area of interest").selectOption("stem");
      await again.getByLabel("Weekday Evenings").check();
      await again.getByRole("button", { name: /submit/i }).click();
      await expect(again.getByRole("alert")).toContainText(
        `Age: Mentees are 6 to 18; mentors are ${adultMentor.min} or older, or ${peerMentor.min} to ${peerMentor.max} as peer mentors.`,
      );
    });
  });
}

test.describe("copy that reads right now", () => {
  // The seed's campaign (decision 028): its year is the New York year it starts in.
  const year = SEED_FACTS.campaignStart.slice(0, 4);

  test("the campaign year is the same on home, /give and /donate, and no page names a past year as the future", async ({
    page,
  }) => {
    await open(page, "/");
    await expect(
      page.getByText(`What we are working toward with families, volunteers and partners in ${year}.`),
    ).toBeVisible();
    await open(page, "/give");
    await expect(page.getByRole("heading", { name: `Our ${year} fundraising goal` })).toBeVisible();
    await expect(page.getByRole("heading", { name: `Our ${year} goal` })).toBeVisible();
    await open(page, "/programs");
    await expect(page.locator("main")).not.toContainText(/Launching 2025|Spring 2025/);
    await expect(page.locator("main")).toContainText(
      /Next season: spring \d{4}|Spring \d{4} season under way/,
    );
    await open(page, "/reports");
    // No seeded report has its PDF yet: each says so, none reads "Expected" (decision 021).
    await expect(page.locator("main")).not.toContainText("Expected");
    await expect(page.getByText(/^Not yet published\./).first()).toBeVisible();
  });

  test("what a gift does is the calculator's figure on every page", async ({ page }) => {
    await open(page, "/calculator?amount=50&frequency=one-time");
    await expect(page.getByTestId("calc-tutoring")).toHaveText("4 hours of tutoring");
    await open(page, "/calculator?amount=250&frequency=one-time");
    await expect(page.getByTestId("calc-athletics")).toHaveText("1 season of athletics");
    await expect(page.getByTestId("calc-mentoring")).toHaveText("3 months of mentoring");

    await open(page, "/");
    const home = page.locator("main");
    await expect(home).toContainText("Provides 4 hours of tutoring for one student");
    await expect(home).toContainText("Covers 1 three-month athletics season");
    await expect(home).not.toContainText("month of tutoring");

    await open(page, "/give");
    await expect(page.locator("main")).toContainText("4 hours of tutoring for one student");
    await expect(page.locator("main")).toContainText("1 three-month athletics season for one child");

    await open(page, "/donate");
    const donate = page.locator("main");
    await expect(donate).toContainText("Provides 4 hours of after-school tutoring for one student");
    // $100 buys no athletics season (it costs $200): the $100 tile speaks of mentoring.
    await expect(donate).not.toContainText(/season/i);
    await expect(donate).toContainText("Funds 3 months of a mentor pair's activities");
  });

  test("side-by-side home figures say what each counts", async ({ page }) => {
    await open(page, "/");
    const main = page.locator("main");
    // 98% and 95% measure different things, and each label says which (completion, a graduation goal).
    await expect(main).toContainText("of youth complete their program");
    await expect(main).toContainText("high-school graduation, our goal for our students");
    await expect(main).toContainText("students in our education programs");
    await expect(main.getByText("success", { exact: true })).toHaveCount(0);
  });
});

test("/give's 'Request information' opens the form in a dialog with the way of giving chosen", async ({
  page,
  browser,
}) => {
  await open(page, "/give");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Request information about Sponsor a program" }).click();
  const dialog = page.getByRole("dialog", { name: "Request Information" });
  await expect(dialog.getByLabel("Way of giving")).toHaveValue("sponsorship");
  await expect(page).toHaveURL(/\/give$/);

  // Without JavaScript the link leads to the form's page, prefilled the same way.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto("/give");
  await plain.getByRole("link", { name: "Request information about Planned giving" }).click();
  await expect(plain).toHaveURL(/\/forms\/giving-info\?way=plannedGiving$/);
  await expect(plain.getByLabel("Way of giving")).toHaveValue("plannedGiving");
  await context.close();
});
