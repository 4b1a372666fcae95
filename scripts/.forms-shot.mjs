import { chromium } from "@playwright/test";
const base = "http://localhost:8792";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update","--disable-sync","--no-first-run"] });
const [,, path, name, opts = ""] = process.argv;
const phone = opts.includes("phone"), dark = opts.includes("dark"), submit = opts.includes("submit"), nojs = opts.includes("nojs");
const context = await browser.newContext({ viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 900 }, colorScheme: dark ? "dark" : "light", javaScriptEnabled: !nojs, deviceScaleFactor: 1 });
const page = await context.newPage();
page.on("console", (m) => { if (m.type() === "error") console.log("console:", m.text()); });
page.on("pageerror", (e) => console.log("pageerror:", e.message));
await context.addInitScript(() => localStorage.setItem("cookieConsent", "necessary"));
await page.goto(base + path);
if (!nojs) await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
if (submit) { await page.locator("form[action^='/forms'] button[type=submit]").click(); await page.waitForTimeout(800); }
await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
await browser.close();
