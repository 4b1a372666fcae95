import { expect, expectNoAxeViolations, signInStaff, staffOfSpec, test, waitForHydration } from "./fixtures";

// A staff member (the account `npm run admin:create` makes) opens a volunteer role in both languages and
// changes a program's badge; /volunteer and /programs show it (decision 029).
const STAFF = staffOfSpec("lists", "Lee Lists");
const RUN = STAFF.run;

test("staff open a volunteer role with 3 spots in English and Spanish; /volunteer shows it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": "203.0.113.41" });
  await signInStaff(page, STAFF, "/login?redirectTo=/admin/entries/role");
  await expect(page.getByRole("heading", { level: 1, name: "Site content" })).toBeVisible();
  await page.getByRole("link", { name: "New volunteer role" }).click();
  await waitForHydration(page);
  await expectNoAxeViolations(page);

  const title = `Reading buddy ${RUN}`;
  const titulo = `Compañero de lectura ${RUN}`;
  await page.getByLabel(/^Address \(slug\)/).fill(`reading-buddy-${RUN}`);
  await page.getByLabel(/^Title \(English\)/).fill(title);
  await page.getByLabel(/^Title \(Spanish\)/).fill(titulo);
  await page.getByLabel(/^Description \(English\)/).fill("Read with a second grader once a week.");
  await page
    .getByLabel(/^Description \(Spanish\)/)
    .fill("Lea con un alumno de segundo grado una vez por semana.");
  await page.getByLabel(/^Spots open/).fill("3");
  await page.getByLabel(/^Minimum age/).fill("16");
  await page.getByLabel(/^Status/).selectOption("published");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved and published. The site shows it now.")).toBeVisible();

  await page.goto("/volunteer");
  const card = page.locator("article", { has: page.getByRole("heading", { name: title }) });
  await expect(card).toContainText("3 spots open");
  await expect(card).toContainText("Read with a second grader once a week.");
  await expect(card).toContainText("16+");
  await page.goto("/volunteer?lng=es");
  const tarjeta = page.locator("article", { has: page.getByRole("heading", { name: titulo }) });
  await expect(tarjeta).toContainText("3 lugares disponibles");
  await expect(tarjeta).toContainText("Lea con un alumno de segundo grado");
});

test("staff change a program's badge; /programs shows the new one", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": "203.0.113.42" });
  await signInStaff(page, STAFF, "/login?redirectTo=/admin/entries/program");
  await expect(page.getByRole("heading", { level: 1, name: "Site content" })).toBeVisible();
  const basketball = page.locator("article", { has: page.getByRole("heading", { name: "Basketball" }) });

  const setBadge = async (badge: string) => {
    await page.goto("/admin/entries/program?lng=en");
    await page.getByRole("link", { name: "Edit Basketball" }).click();
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    await page.getByLabel(/^Badge/).selectOption(badge);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved and published. The site shows it now.")).toBeVisible();
  };

  await setBadge("waitlist");
  await page.goto("/programs");
  await expect(basketball.getByText("Waitlist open", { exact: true })).toBeVisible();
  await page.goto("/athletics?lng=es");
  await expect(
    page
      .locator("article", { has: page.getByRole("heading", { name: "Baloncesto" }) })
      .getByText("Lista de espera abierta", { exact: true }),
  ).toBeVisible();

  // Back to what the import set, so the other journeys see today's badge.
  await setBadge("yearRound");
  await page.goto("/programs");
  await expect(basketball.getByText("Year-Round", { exact: true })).toBeVisible();
});

test("a blog post's cover shows on /blog and the post with its size and its description in each language", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": "203.0.113.43" });
  // A real picture to upload: one of the site's illustrations, 600 × 400.
  await page.goto("/images/hero-mentorship.svg");
  const picture = await page.screenshot({ clip: { x: 0, y: 0, width: 600, height: 400 } });

  await signInStaff(page, STAFF, "/login?redirectTo=/admin/files");
  await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
  await page.getByLabel("File (required)").setInputFiles({
    name: `cover-${RUN}.png`,
    mimeType: "image/png",
    // This run's own bytes: a file already in the library keeps its first name and descriptions (decision 047).
    buffer: Buffer.concat([picture, Buffer.from(RUN)]),
  });
  await page.getByLabel(/^Image description in English/).fill(`A mentor and a student talking ${RUN}`);
  await page.getByLabel(/^Image description in Spanish/).fill(`Un mentor y un estudiante conversando ${RUN}`);
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Uploaded" })).toContainText(`cover-${RUN}.png`);

  const title = `Meet our mentors ${RUN}`;
  await page.goto("/admin/entries/post/new");
  await waitForHydration(page);
  await page.getByLabel(/^Address \(slug\)/).fill(`meet-our-mentors-${RUN}`);
  await page.getByLabel(/^Status/).selectOption("published");
  await page.getByLabel(/^Title \(English\)/).fill(title);
  await page.getByLabel(/^Title \(Spanish\)/).fill(`Conozca a nuestros mentores ${RUN}`);
  await page.getByLabel(/^Summary \(English\)/).fill("Three mentors on their first year.");
  await page.getByLabel(/^Text \(English\)/).fill("Our mentors meet their mentees every week.");
  await page.getByLabel(/^Date/).fill("2026-11-20");
  await page.getByLabel(/^Author \(English\)/).fill("Priya Nair");
  await page.getByLabel(/^Category/).selectOption("mentoring");
  const cover = page.getByLabel(/^Cover image/);
  await cover.selectOption(
    (await cover.locator("option", { hasText: `cover-${RUN}.png` }).getAttribute("value"))!,
  );
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved and published. The site shows it now.")).toBeVisible();

  await page.goto("/blog");
  const image = page.getByRole("img", { name: `A mentor and a student talking ${RUN}` });
  await expect(image).toHaveAttribute("width", "600");
  await expect(image).toHaveAttribute("height", "400");
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(600);
  await expectNoAxeViolations(page);

  await page.goto(`/blog/meet-our-mentors-${RUN}?lng=es`);
  const imagen = page.getByRole("img", { name: `Un mentor y un estudiante conversando ${RUN}` });
  await expect(imagen).toHaveAttribute("width", "600");
  await expect.poll(() => imagen.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(600);
  await expectNoAxeViolations(page);
});
