import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage();
page.on("console", (m) => console.log("console:", m.type(), m.text()));
page.on("request", (r) => console.log("req:", r.method(), r.url(), r.headers()["cookie"] ?? ""));
await page.addInitScript(() => {
  localStorage.setItem("cookieConsent", "x");
});
await page.goto("http://localhost:8788/about");
await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
await page.locator("header summary[aria-label^='Language']:visible").click();
await page
  .locator("header")
  .getByRole("link", { name: /Español/ })
  .click();
await page.waitForTimeout(2000);
console.log(await page.evaluate(() => [document.documentElement.lang, document.cookie, document.title]));
await browser.close();
