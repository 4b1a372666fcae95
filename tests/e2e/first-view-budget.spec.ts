import { gzipSync } from "node:zlib";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, rememberCookieChoice, test, waitForHydration } from "./fixtures";

// Decisions 030, 050, 058, 067, 068 and 074 (docs/decisions): the first view of `/` and of the
// content pages, as `npm run bench` measures it. They are reading pages (decision 074): their HTML
// carries no module, so all the JavaScript they run is inline — the head script that sets the theme
// and React's own streaming scripts, 0.8 KiB — well within issue 33's 130 KiB. Pages that hydrate
// carry React, React Router and i18next (125.5 KiB) and their own code (decision 068); pages with a
// form carry their form's code and are held to their own budgets.
const CONTENT_PAGE_BYTES = 130 * 1024;
const banner = (page: Page) => page.getByRole("region", { name: "We respect your privacy" });

/** The addresses of the scripts a first view of `path` loads, and the HTML it was served. */
async function firstView(page: Page, path: string) {
  const scripts = new Set<string>();
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.add(response.url());
  });
  const response = await page.goto(path, { waitUntil: "networkidle" });
  return { scripts, html: await response!.text() };
}

async function firstViewScripts(page: Page, path: string) {
  return (await firstView(page, path)).scripts;
}

/**
 * /volunteer ends with the sign-up form, whose code (Conform, valibot, Turnstile) its first view
 * loads. Loading it only as the form comes near the screen needs a `<Suspense>` boundary, and React
 * writes a boundary that large (or one still pending when the page starts to stream) out of order,
 * shown by a script: without JavaScript the form would be missing (decision 066). Its form has
 * grown since: 172.6 KiB with react-router 8.5.1, and 4.4 KiB of inline scripts.
 */
const VOLUNTEER_FIRST_VIEW_BYTES = 178 * 1024;

const CONTENT_PAGES = ["/", "/about", "/events", "/programs", "/blog"];
const BUDGETS: [path: string, bytes: number][] = [
  ...CONTENT_PAGES.map((path): [string, number] => [path, CONTENT_PAGE_BYTES]),
  ["/volunteer", VOLUNTEER_FIRST_VIEW_BYTES],
];

/** The gzipped bytes of every script the view loaded and of every script written in its HTML. */
async function gzipBytesOf(
  request: APIRequestContext,
  { scripts, html }: { scripts: Set<string>; html: string },
) {
  let bytes = 0;
  for (const url of scripts) bytes += gzipSync(await (await request.get(url)).body()).length;
  for (const [, attributes, code] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g))
    if (!/\bsrc=|application\/(ld\+)?json/.test(attributes!)) bytes += gzipSync(code!).length;
  return bytes;
}

for (const [path, budget] of BUDGETS) {
  test(`the first view of ${path} stays within its JavaScript budget`, async ({ page, request }) => {
    const view = await firstView(page, path);
    expect(await gzipBytesOf(request, view), [...view.scripts].join("\n")).toBeLessThanOrEqual(budget);
  });
}

// Decision 074: a reading page's HTML has no module script, no route manifest, no streamed loader
// data and no translations to hydrate with; its browser asks for no script at all.
for (const path of [...CONTENT_PAGES, "/blog/first-year-lessons", "/mission"]) {
  test(`${path} is a reading page: its first view loads no module`, async ({ page }) => {
    const { scripts, html } = await firstView(page, path);
    expect([...scripts]).toEqual([]);
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain("__reactRouterContext");
    expect(html).not.toContain("modulepreload");
    expect(html).not.toContain('id="i18n-resources"');
  });
}

// Decision 074: what a visitor meets on a reading page. The controls that need JavaScript stay
// hidden and their plain versions show; the banner does not ask and nothing is stored; a theme
// chosen on a page that hydrates still applies before the first paint.
test("a reading page shows its plain controls and asks nothing until a page hydrates", async ({ page }) => {
  await page.goto("/about");
  await expect(page.locator("html")).not.toHaveClass(/(^|\s)js(\s|$)/);
  await expect(banner(page)).toBeHidden();
  await expect(page.locator("header").getByRole("group", { name: "Theme" })).toBeHidden();
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("button", { name: "Cookie settings" })).toBeHidden();
  await expect(footer.getByRole("link", { name: "Cookie settings" })).toHaveAttribute(
    "href",
    "/privacy#cookies",
  );
  expect(await page.evaluate(() => localStorage.length)).toBe(0);

  // The first page that hydrates asks, and the answer and a theme chosen there carry back.
  await footer.getByRole("link", { name: "Contact Form" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await waitForHydration(page);
  await banner(page).getByRole("button", { name: "Necessary Only" }).click();
  await page
    .locator("header")
    .getByRole("group", { name: "Theme" })
    .getByRole("button", { name: "Dark" })
    .click();
  await page.goto("/about");
  await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
  await expect(banner(page)).toBeHidden();
});

// Decision 074: from a page that hydrated, React Router renders a reading page in the browser with
// the code it has, and the page's JavaScript controls keep working there.
test("client navigation from a hydrated page to a reading page keeps the page's JavaScript", async ({
  page,
}) => {
  await rememberCookieChoice(page);
  await page.goto("/contact");
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole("contentinfo").getByRole("link", { name: "About", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Us");
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
  const themes = page.locator("header").getByRole("group", { name: "Theme" });
  await themes.getByRole("button", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
});

// Decision 068: the banner's code is loaded for the visitor it asks, and for one who reopens it, on
// pages that hydrate.
const bannerCode = (scripts: Set<string>) =>
  [...scripts].filter((url) => /\/cookie-banner-[\w-]+\.js$/.test(url));

test("a first visit loads the cookie banner's code, and the banner answers at once", async ({ page }) => {
  const scripts = await firstViewScripts(page, "/contact");
  expect(bannerCode(scripts)).toHaveLength(1);
  await waitForHydration(page);
  await banner(page).getByRole("button", { name: "Accept All" }).click();
  await expect(banner(page)).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe("all");
});

test("a returning visitor loads it only when reopening the banner from the footer", async ({ page }) => {
  await rememberCookieChoice(page);
  const scripts = await firstViewScripts(page, "/contact?lng=es");
  expect(bannerCode(scripts)).toEqual([]);
  await waitForHydration(page);
  await expect(page.getByRole("region", { name: "Respetamos su privacidad" })).toBeHidden();
  await page.getByRole("contentinfo").getByRole("button", { name: "Configuración de cookies" }).click();
  const settings = page.getByRole("region", { name: "Configuración de cookies" });
  await expect(settings.getByRole("heading", { name: "Configuración de cookies" })).toBeFocused();
  expect(bannerCode(scripts)).toHaveLength(1);
  await settings.getByRole("button", { name: "Solo las necesarias" }).click();
  await expect(settings).toBeHidden();
});

// Decision 068: the banner reopened from its own chunk meets WCAG 2.2 AA at a phone's and a
// desktop's width.
for (const width of [390, 1280]) {
  test(`the reopened cookie settings at ${width} px have no axe violations`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await rememberCookieChoice(page);
    await page.goto("/calculator");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
    await expect(page.getByRole("region", { name: "Cookie settings" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

// Decisions 037 and 050: a cached page that hydrates announces no module in its head, so the
// stylesheet, the HTML and the images come first; the modules load from React Router's module
// script at the end.
test("the first view loads its modules from the end of the body, not the head", async ({ page }) => {
  const response = await page.goto("/contact");
  expect(response!.headers()["x-page-cache"]).toMatch(/^(hit|miss)$/);
  const html = await response!.text();
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).toContain('rel="stylesheet"');
  expect(html).not.toContain("modulepreload");
  const moduleScript = /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
  expect(moduleScript).toMatch(/import \* as route\d+ from "\/assets\/[^"]+\.js";/);
  await waitForHydration(page);
});

// Decision 040: every chunk the build writes asks V8 to compile all its functions while it
// downloads. React Router's route manifest (one object, no functions) is written apart.
test("every chunk of the first view carries V8's compile hint", async ({ page, request }) => {
  const chunks = [...(await firstViewScripts(page, "/contact"))].filter(
    (url) => !/\/manifest-[\w-]+\.js$/.test(url),
  );
  expect(chunks.length).toBeGreaterThan(5);
  for (const url of chunks)
    expect((await (await request.get(url)).text()).split("\n", 1)[0], url).toBe(
      "//# allFunctionsCalledOnLoad",
    );
});

// Decisions 067 and 074: the menus are `<details>` whose links are plain anchors, so on a reading
// page they open without JavaScript; opened, at a phone's width and a desktop's, they meet WCAG 2.2 AA.
for (const width of [390, 1280]) {
  test(`/events with its menu open at ${width} px has no axe violations`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/events");
    const menu =
      width < 1280
        ? page.getByLabel("Menu", { exact: true })
        : page.getByRole("navigation", { name: "Main" }).getByText("Join", { exact: true });
    await menu.click();
    await expect(page.locator("details[data-menu][open]")).toHaveCount(1);
    await expectNoAxeViolations(page);
  });
}

// Decision 074: a reading page, as a phone and a desktop show it, meets WCAG 2.2 AA.
for (const width of [390, 1280]) {
  test(`/ as a reading page at ${width} px has no axe violations`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    await expectNoAxeViolations(page);
  });
}
