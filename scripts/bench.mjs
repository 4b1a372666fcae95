// `npm run bench`: measures the production build on local workerd.
//   1. JavaScript (gzip) loaded by the first view of / (in Chromium when present, else from the HTML)
//   2. server-rendered requests per second and p50/p99 latency for / (autocannon, bounded in time)
//   3. Lighthouse scores on the mobile preset for /, /donate and /events, when Chromium is present:
//      the median of several runs, as Lighthouse advises, since one run on a busy machine varies
// Flags: --no-build (reuse build/), --duration=SECONDS (load test, default 10), --connections=N (default 10),
//        --runs=N (Lighthouse runs a page, default 5), --only=js|load|lighthouse (one measurement).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, "").split("=");
    return [key, value ?? "true"];
  }),
);
const PORT = Number(process.env.BENCH_PORT ?? 8790);
const BASE = `http://localhost:${PORT}`;
const DURATION = Number(args.get("duration") ?? 10);
const CONNECTIONS = Number(args.get("connections") ?? 10);
const ONLY = args.get("only");
const RUNS = Number(args.get("runs") ?? 5);
const wants = (part) => !ONLY || ONLY === part;
const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((path) => existsSync(path));
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

if (args.get("no-build") !== "true") {
  const build = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

console.log(`Starting the production build on ${BASE} …`);
const server = spawn("node", ["scripts/e2e-server.mjs", String(PORT)], { stdio: "ignore", detached: true });
const stopServer = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already stopped
  }
};
process.on("exit", stopServer);

async function waitForServer() {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`${BASE}/`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the server did not start");
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Every script the first view of / loads, as Chromium sees it (or from the HTML without Chromium). */
async function firstViewJavaScript() {
  const urls = new Set();
  if (CHROMIUM) {
    const { chromium } = await import("@playwright/test");
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
    const page = await browser.newPage();
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") urls.add(response.url());
    });
    await page.goto(`${BASE}/`, { waitUntil: "networkidle" });
    await browser.close();
  } else {
    const html = await (await fetch(`${BASE}/`)).text();
    for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g))
      urls.add(new URL(match[1], BASE).href);
    for (const match of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g))
      urls.add(new URL(match[1], BASE).href);
  }
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body).length;
  }
  return { files: urls.size, raw, gzip, source: CHROMIUM ? "Chromium" : "HTML" };
}

async function loadTest() {
  const result = await autocannon({ url: `${BASE}/`, connections: CONNECTIONS, duration: DURATION });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

function lighthouse(path) {
  const dir = mkdtempSync(join(tmpdir(), "lighthouse-"));
  const output = join(dir, "report.json");
  const run = spawnSync(
    "npx",
    [
      "lighthouse",
      `${BASE}${path}`,
      "--quiet",
      "--output=json",
      `--output-path=${output}`,
      "--only-categories=performance,accessibility,best-practices,seo",
      `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
    ],
    { stdio: "inherit", env: { ...process.env, CHROME_PATH: CHROMIUM } },
  );
  if (run.status !== 0 || !existsSync(output)) return null;
  const report = JSON.parse(readFileSync(output, "utf8"));
  rmSync(dir, { recursive: true, force: true });
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    cls: report.audits["cumulative-layout-shift"]?.numericValue ?? null,
    metrics: ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "speed-index"]
      .map((id) => `${id.replace(/-/g, " ")} ${report.audits[id]?.displayValue ?? "?"}`)
      .join(", "),
  };
}

try {
  await waitForServer();
  // Warm the isolate so the load test measures steady state, not the first compile.
  for (let index = 0; index < 20; index++) await fetch(`${BASE}/`);

  if (wants("js")) {
    const js = await firstViewJavaScript();
    console.log(
      `\nJavaScript on the first view of / (${js.source}): ${js.files} files, ${kib(js.gzip)} gzip (${kib(js.raw)} raw)`,
    );
  }

  if (wants("load")) {
    console.log(`\nLoad test: GET / for ${DURATION} s with ${CONNECTIONS} connections …`);
    const load = await loadTest();
    console.log(
      `Requests per second: ${load.requestsPerSecond.toFixed(1)}; latency p50 ${load.p50} ms, p99 ${load.p99} ms; errors ${load.errors}`,
    );
  }

  if (wants("lighthouse") && CHROMIUM) {
    console.log(`\nLighthouse (mobile preset), median of ${RUNS} runs:`);
    for (const path of ["/", "/donate", "/events"]) {
      const runs = Array.from({ length: RUNS }, () => lighthouse(path)).filter(Boolean);
      if (!runs.length) {
        console.log(`  ${path}: Lighthouse did not run`);
        continue;
      }
      runs.sort((a, b) => a.performance - b.performance);
      const median = runs[Math.floor(runs.length / 2)];
      const worstCls = Math.max(...runs.map((run) => run.cls ?? 0));
      console.log(
        `  ${path.padEnd(8)} performance ${median.performance} (runs ${runs.map((run) => run.performance).join(", ")}), accessibility ${median.accessibility}, best practices ${median.bestPractices}, SEO ${median.seo}, worst CLS ${worstCls.toFixed(3)}\n           ${median.metrics}`,
      );
    }
  } else if (wants("lighthouse")) {
    console.log("\nLighthouse skipped: no Chromium on this machine.");
  }
} finally {
  stopServer();
}
