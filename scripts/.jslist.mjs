import { chromium } from "@playwright/test";
import { gzipSync } from "node:zlib";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage();
const urls = [];
page.on("response", (r) => { if (r.request().resourceType() === "script") urls.push([r.url(), Date.now()]); });
const t0 = Date.now();
await page.goto(process.argv[2] ?? "http://localhost:8790/", { waitUntil: "networkidle" });
let total = 0;
for (const [u, t] of urls) { const b = Buffer.from(await (await fetch(u)).arrayBuffer()); const g = gzipSync(b).length/1024; total += g; console.log(g.toFixed(1).padStart(6), String(t - t0).padStart(5), u.split("/").pop()); }
console.log("total", total.toFixed(1));
await browser.close();
