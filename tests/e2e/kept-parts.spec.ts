import type { Locator } from "@playwright/test";
import {
  documentMark,
  expect,
  markDocument,
  openInPlace,
  rememberCookieChoice,
  test,
  waitForHydration,
} from "./fixtures";

// Kept parts (app/components/layout/kept-part.tsx, decision 039): words and links that React
// hydrates as one element, keeping the server's nodes inside, until the language, the address or
// their data changes. Whatever is kept must still do what it did: links navigate in place, the
// language list switches the language, and the next page shows its own words and current link.

/** Whether React holds the element: it marks every node it hydrates or renders. */
const heldByReact = (locator: Locator) =>
  locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber")));

test.beforeEach(async ({ page }) => rememberCookieChoice(page));

test("the footer's links are the server's until the address changes, then React's", async ({ page }) => {
  await page.goto("/contact");
  await waitForHydration(page);
  const footer = page.locator("footer");
  const volunteer = footer.getByRole("link", { name: "Volunteer", exact: true });
  // Hydrated around them: the newsletter field is React's, the kept link is not.
  expect(await heldByReact(footer.getByRole("textbox", { name: "Email address" }))).toBe(true);
  expect(await heldByReact(volunteer)).toBe(false);

  await markDocument(page);
  await footer.getByRole("link", { name: "Event Calendar" }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Events");
  expect(await documentMark(page)).toBe("kept");
  await expect(volunteer).toHaveAttribute("href", "/volunteer");
  expect(await heldByReact(volunteer)).toBe(true);
});

test("a link in a kept menu navigates in place, and the menu marks the new page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/contact");
  await waitForHydration(page);
  await markDocument(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  const programs = nav.locator("details").filter({ hasText: "Programs" });
  await programs.locator("summary").click();
  await programs.getByRole("link", { name: "Education" }).click();
  await expect(page).toHaveURL(/\/education$/);
  expect(await documentMark(page)).toBe("kept");
  await expect(programs).not.toHaveAttribute("open");
  await programs.locator("summary").click();
  await expect(programs.getByRole("link", { name: "Education" })).toHaveAttribute("aria-current", "page");
});

test("the kept language list switches the language in place, and the kept parts follow", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openInPlace(page, "/events");
  await markDocument(page);
  const selector = page.locator("header details").filter({ hasText: "English" }).first();
  await selector.locator("summary").click();
  await selector.getByRole("link", { name: /Español/ }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  expect(await documentMark(page)).toBe("kept");
  // Kept while /contact hydrated, in English; now rendered again in Spanish.
  await expect(page.locator("footer").getByRole("link", { name: "Voluntariado", exact: true })).toBeVisible();
  await expect(
    page
      .getByTestId("upcoming-events")
      .getByRole("link", { name: /Agregar al calendario/ })
      .first(),
  ).toBeVisible();
});

// /events is a reading page (decision 074): its cards are plain HTML on a full load, and React's
// once a page that hydrated navigated to it.
test("an event card's registration link navigates in place", async ({ page }) => {
  await page.goto("/events");
  const card = page.getByTestId("upcoming-events").locator("article").first();
  expect(await heldByReact(card)).toBe(false);
  await openInPlace(page, "/events");
  await markDocument(page);
  const title = await card.getByRole("heading", { level: 3 }).textContent();
  await card.getByRole("link", { name: /RSVP|Buy tickets/ }).click();
  await expect(page).toHaveURL(/\/events\/[^/]+\/register$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title ?? "");
  expect(await documentMark(page)).toBe("kept");
});
