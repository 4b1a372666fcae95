import { expect, expectNoAxeViolations, signInStaff, staffOfSpec, test, waitForHydration } from "./fixtures";

// A staff member (the account `npm run admin:create` makes) writes an event in
// both languages, publishes it, and finds it on /events, in the sitemap and in its .ics file.
const STAFF = staffOfSpec("staff", "Sam Staff");
const RUN = STAFF.run;

test("staff publish an event in English and Spanish; /events, the sitemap and its .ics show it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": "203.0.113.20" });
  await signInStaff(page, STAFF, "/login?redirectTo=/admin/entries/event");
  await expect(page.getByRole("heading", { level: 1, name: "Site content" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit Annual Gala: Rising Together" })).toBeVisible();

  await page.getByRole("link", { name: "New event" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New event" })).toBeVisible();
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  const slug = `family-chess-${RUN}`;
  await page.getByLabel(/^Address \(slug\)/).fill(slug);
  await page.getByLabel(/^Title \(English\)/).fill(`Family Chess Afternoon ${RUN}`);
  await page.getByLabel(/^Description \(English\)/).fill("Chess for every age, with our tutors.");
  await expect(page.getByText("Spanish missing: the site shows the English text").first()).toBeVisible();
  await page.getByLabel(/^Title \(Spanish\)/).fill(`Tarde familiar de ajedrez ${RUN}`);
  await page
    .getByLabel(/^Description \(Spanish\)/)
    .fill("Ajedrez para todas las edades, con nuestros tutores.");
  await page.getByLabel(/^Highlights \(English\)/).fill("Boards for beginners\nA friendly tournament");
  await page.getByLabel(/^Highlights \(Spanish\)/).fill("Tableros para principiantes\nUn torneo amistoso");
  await page.getByLabel(/^Date/).fill("2027-02-06");
  await page.getByLabel(/^Starts/).fill("13:00");
  await page.getByLabel(/^Ends/).fill("15:30");
  await page.getByLabel(/^Place \(English\)/).fill("Learning Center, Harlem");
  await page.getByLabel(/^Place \(Spanish\)/).fill("Centro de aprendizaje, Harlem");
  await page.getByLabel(/^Street address/).fill("125 West 125th Street");
  await page.getByLabel(/^City/).fill("New York");
  await page.getByLabel(/^State/).fill("NY");
  await page.getByLabel(/^ZIP code/).fill("10027");
  await page.getByLabel(/^Capacity/).fill("40");
  await page.getByLabel(/^Category/).selectOption("community");

  // A wrong time is answered on the field, and nothing typed is lost.
  await page.getByLabel(/^Ends/).fill("12:00");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The end time must be after the start time.").first()).toBeVisible();
  await expect(page.getByLabel(/^Title \(Spanish\)/)).toHaveValue(`Tarde familiar de ajedrez ${RUN}`);
  await page.getByLabel(/^Ends/).fill("15:30");

  await page.getByLabel(/^Status/).selectOption("published");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved and published. The site shows it now.")).toBeVisible();
  await expect(page.getByTestId("entry-preview")).toContainText(`Family Chess Afternoon ${RUN}`);

  await page.goto("/events");
  const card = page.getByTestId("upcoming-events").locator(`[data-event="${slug}"]`);
  await expect(card).toContainText(`Family Chess Afternoon ${RUN}`);
  // An upcoming card shows the places left, all 40 while nobody has registered.
  await expect(card).toContainText("Places left:40 of 40");
  await expect(card).toContainText("Free");
  await page.goto("/events?lng=es");
  await expect(page.locator(`[data-event="${slug}"]`)).toContainText(`Tarde familiar de ajedrez ${RUN}`);

  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`/events/${slug}/calendar.ics`);
  const ics = (await (await page.request.get(`/events/${slug}/calendar.ics?lng=es`)).text()).replace(
    /\r\n /g,
    "",
  );
  expect(ics).toContain(`SUMMARY:Tarde familiar de ajedrez ${RUN}`);
  // 13:00 in New York on 6 February 2027 (standard time) is 18:00 UTC.
  expect(ics).toContain("DTSTART:20270206T180000Z");
});
