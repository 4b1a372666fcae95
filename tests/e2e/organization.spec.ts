import type { Page } from "@playwright/test";
import { SEED_FACTS } from "../support/seed-facts";
import { expect, expectNoAxeViolations, signInStaff, staffOfSpec, test, waitForHydration } from "./fixtures";

// A STAFF member changes the organisation's phone number and fundraising goal in /admin
// (docs/decisions/028-organization-facts.md); the footer of every page and the goal bar of
// /donate show them at once. The seed's values are put back at the end, because other specs
// read the same database.
const STAFF = staffOfSpec("facts", "Fay Facts", { role: "STAFF" });

async function editFacts(page: Page, values: { phone: string; goal: string }) {
  await page.goto("/admin/entries/organization?lng=en");
  await expect(page.getByRole("heading", { level: 1, name: "Site content" })).toBeVisible();
  // One entry: no "New" button.
  await expect(page.getByRole("link", { name: /^New / })).toHaveCount(0);
  await page.getByRole("link", { name: `Edit ${SEED_FACTS.legalName}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Edit organization facts/ })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel(/^Phone/).fill(values.phone);
  await page.getByLabel(/^Fundraising goal/).fill(values.goal);
  await page.getByRole("button", { name: "Save and publish" }).click();
  await expect(page.getByText("Saved and published. The site shows it now.")).toBeVisible();
}

test("staff change the phone number and the goal; the footer in both languages and /donate show them", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": "203.0.113.28" });
  await signInStaff(page, STAFF, "/login?redirectTo=/admin/entries/organization");
  await expect(page.getByRole("heading", { level: 1, name: "Site content" })).toBeVisible();

  await page.getByRole("link", { name: `Edit ${SEED_FACTS.legalName}` }).click();
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  // Staff see the legal name and EIN but only an admin changes them.
  await expect(page.getByLabel(/^EIN/)).toHaveAttribute("readonly", "");
  await expect(page.getByText("Only an administrator can change this.").first()).toBeVisible();
  // A wrong number is answered on the field, in words, and what was typed stays.
  await page.getByLabel(/^Phone/).fill("555-01");
  await page.getByRole("button", { name: "Save and publish" }).click();
  await expect(
    page.getByText("Enter a phone number with its area code, such as (212) 555-0142.").first(),
  ).toBeVisible();
  await expect(page.getByLabel(/^Phone/)).toHaveValue("555-01");

  try {
    await editFacts(page, { phone: "(646) 555-0123", goal: "62,500" });

    for (const lng of ["en", "es"]) {
      await page.goto(`/?lng=${lng}`);
      await expect(page.locator("html")).toHaveAttribute("lang", lng);
      const phone = page.locator("footer").getByRole("link", { name: "(646) 555-0123" });
      await expect(phone).toHaveAttribute("href", "tel:+16465550123");
      await expect(page.locator("footer")).not.toContainText("555-0142");
    }
    await page.goto("/donate?lng=en");
    await expect(page.getByRole("progressbar", { name: "Fundraising progress" })).toHaveAttribute(
      "aria-valuetext",
      /raised of \$62,500$/,
    );
  } finally {
    // Back to the seed's facts, which other specs read.
    await editFacts(page, { phone: SEED_FACTS.phone, goal: String(SEED_FACTS.goalCents / 100) });
  }
  await page.goto("/?lng=en");
  await expect(page.locator("footer").getByRole("link", { name: "(212) 555-0142" })).toBeVisible();
});
