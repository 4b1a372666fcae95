// `npm run bench`: the production build on local workerd, measured beside the framework floor
// (bench/floor: a hello-world React Router Worker with remix-i18next, built with the same toolchain
// and served by `wrangler dev` the same way) in the same run, each measurement taken of both
// Workers one after the other, alternating which goes first, and printed as site ÷ floor.
//
//   1. Load: requests per second (connections ÷ mean latency; completed ÷ duration beside it) and
//      p99 latency with 20 and 50 connections (autocannon) for GET /, /about, /events and /donate,
//      "cached" (the plain address an anonymous visitor asks for, which the edge HTML cache may
//      answer, decision 027) and "uncached" (the same address with a query string, which the cache
//      never answers), and a valid contact form POST, each from its own CF-Connecting-IP so the
//      public-form allowance never refuses one.
//   2. CPU per request: the user + system CPU time (/proc/<pid>/stat) of every process of the
//      server (wrangler's node, workerd, with local D1 and KV inside workerd) over N sequential
//      requests, divided by N, once both servers have settled after the load phase. Unlike wall
//      time it does not count the time other programs on a busy machine hold the cores. Each
//      figure is the median of --cpu-rounds alternating rounds, and the table shows the range of
//      the rounds' own ratios: on a small machine one round can be a tenth off either way.
//   3. JavaScript (gzip) loaded by the first view of each page (in Chromium when present).
//   4. Lighthouse (mobile preset) medians of --runs runs, when Chromium is present: the measured
//      pages beside the floor, then every other HTML page the site's sitemap lists (its English
//      addresses, site only; --lighthouse-pages=measured keeps it to the measured pages,
//      --lighthouse-pages=/a,/b to those). Every run is Lighthouse's Node API on one Chromium the
//      bench starts, with shorter settle times than its defaults (decision 058).
//   5. A pass/fail line for each of issue 33's thresholds, and how long each part took.
//
// Whole (`npm run bench`, five Lighthouse runs a page) it should take 25–30 minutes on a quiet
// 2-core machine, Lighthouse's 170 runs most of it; its last line says what each part took
// (decision 058).
//
// Flags: --quick (20 connections only, 2 s a measurement, 50 CPU samples, no Lighthouse),
//        --connections=1,20,50 (default 20,50),
//        --no-build (reuse build/ and bench/floor/build/), --duration=SECONDS (default 5),
//        --rounds=N (each load figure is the median of N alternating rounds; default 2, quick 1),
//        --runs=N (Lighthouse runs a page, default 5), --only=load|cpu|js|lighthouse,
//        --cpu-samples=N (requests a CPU round, default 100), --cpu-rounds=N (default 4, quick 2),
//        --no-lighthouse, --out=FILE (also write the figures as JSON),
//        --pages=/,/donate (the pages measured, default /, /about, /events and /donate),
//        --lighthouse-pages=measured|/a,/b (Lighthouse on the measured pages, or on those pages,
//        only, not every public page).
// Ports: BENCH_PORT (site, default 8790) and BENCH_FLOOR_PORT (floor, default 8791).
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:http";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import runLighthouse from "lighthouse";

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, "").split("=");
    return [key, value ?? "true"];
  }),
);
const QUICK = args.get("quick") === "true";
const DURATION = Number(args.get("duration") ?? (QUICK ? 2 : 5));
const ROUNDS = Number(args.get("rounds") ?? (QUICK ? 1 : 2));
const RUNS = Number(args.get("runs") ?? 5);
const CONNECTIONS = args.get("connections")?.split(",").map(Number) ?? (QUICK ? [20] : [20, 50]);
const CPU_SAMPLES = Number(args.get("cpu-samples") ?? (QUICK ? 50 : 100));
const CPU_ROUNDS = Number(args.get("cpu-rounds") ?? (QUICK ? 2 : 4));
const ONLY = args.get("only");
const wants = (part) =>
  (!ONLY || ONLY === part) && !((QUICK || args.get("no-lighthouse") === "true") && part === "lighthouse");
const PAGES = args.get("pages")?.split(",") ?? ["/", "/about", "/events", "/donate"];
const POST_PATH = "/forms/contact";
/** More content pages whose first view must stay within the floor's JavaScript (decision 030). */
const JS_ONLY_PAGES = ["/programs", "/blog", "/volunteer"];
/** The content pages whose first view issue 33 holds to 130 KiB (tests/e2e/first-view-budget.spec.ts). */
const CONTENT_PAGES = ["/", "/about", "/events", "/programs", "/blog"];
const FIRST_VIEW_BUDGET = 130 * 1024;
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

const site = { name: "site", port: Number(process.env.BENCH_PORT ?? 8790) };
const floor = { name: "floor", port: Number(process.env.BENCH_FLOOR_PORT ?? 8791) };
for (const target of [site, floor]) target.base = `http://localhost:${target.port}`;

const benchStarted = Date.now();
let partStarted = benchStarted;
const durations = [];
/** How long the part that just ended took, for the run's last lines. */
function took(part) {
  const now = Date.now();
  durations.push({ part, seconds: Math.round((now - partStarted) / 1000) });
  partStarted = now;
}

if (args.get("no-build") !== "true") {
  for (const cwd of [".", "bench/floor"]) {
    const build = spawnSync("npx", ["react-router", "build"], { stdio: "inherit", cwd });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}

// The mail provider: the site sends its mail over HTTP as in production (MAIL_TRANSPORT=http),
// to this sink in the bench's own process, which takes every message (200) and is not counted as
// the server's CPU, as a provider's is not. The log transport of local runs would print each
// mail, which wrangler carries over the inspector protocol: work production never does.
let mailsTaken = 0;
const mailSink = createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    mailsTaken++;
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end('{"id":"bench"}');
  });
});
await new Promise((resolve) => mailSink.listen(0, "127.0.0.1", resolve));
mailSink.unref();
const mailApiUrl = `http://127.0.0.1:${mailSink.address().port}/emails`;

const quiet = { stdio: "ignore", detached: true, env: { ...process.env, WRANGLER_SEND_METRICS: "false" } };
site.server = spawn("node", ["scripts/e2e-server.mjs", String(site.port)], {
  ...quiet,
  env: { ...quiet.env, E2E_MAIL_API_URL: mailApiUrl },
});
const floorState = ".wrangler/bench-floor";
rmSync(floorState, { recursive: true, force: true });
floor.server = spawn(
  "npx",
  [
    "wrangler",
    "dev",
    "-c",
    "bench/floor/build/server/wrangler.json",
    "--port",
    String(floor.port),
    "--persist-to",
    floorState,
  ],
  quiet,
);
const stopServers = () => {
  for (const target of [site, floor]) {
    try {
      process.kill(-target.server.pid, "SIGTERM");
    } catch {
      // already stopped
    }
  }
};
process.on("exit", stopServers);
process.on("SIGINT", () => process.exit(130));

async function waitFor(target) {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`${target.base}/`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the ${target.name} did not start on ${target.base}`);
}

// ---------------------------------------------------------------------------------------------
// Requests

const CONTACT = {
  fullName: "Ana López",
  email: "ana@example.com",
  phone: "(212) 555-0100",
  subject: "program",
  message: "When does the spring term start?",
  preferredContact: "email",
};
let addressCounter = 0;
/** A new documentation-range address for every post (the allowance counts per address). */
function nextAddress() {
  const n = ++addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
function contactBody() {
  return new URLSearchParams({ ...CONTACT, idempotencyKey: crypto.randomUUID() }).toString();
}
let queryCounter = 0;

/** One measured thing: a GET (cached or not) or the contact POST, as autocannon requests. */
function scenario(kind, path) {
  if (kind === "post") {
    return {
      label: `POST ${path}`,
      path,
      requests: (target) => [
        {
          method: "POST",
          path,
          setupRequest: (request) => ({
            ...request,
            headers: {
              ...request.headers,
              Origin: target.base,
              "Content-Type": "application/x-www-form-urlencoded",
              "CF-Connecting-IP": nextAddress(),
            },
            body: contactBody(),
          }),
        },
      ],
      fetchOnce: (target) =>
        fetch(`${target.base}${path}`, {
          method: "POST",
          headers: {
            Origin: target.base,
            "Content-Type": "application/x-www-form-urlencoded",
            "CF-Connecting-IP": nextAddress(),
          },
          body: contactBody(),
        }),
    };
  }
  const uncached = kind === "uncached";
  const address = () => (uncached ? `${path}?bench=${++queryCounter}` : path);
  return {
    label: `GET ${path}${uncached ? " (uncached)" : ""}`,
    path,
    requests: () => [{ method: "GET", setupRequest: (request) => ({ ...request, path: address() }) }],
    fetchOnce: (target) => fetch(`${target.base}${address()}`),
  };
}

const SCENARIOS = [
  ...PAGES.map((path) => scenario("cached", path)),
  ...PAGES.map((path) => scenario("uncached", path)),
  scenario("post", POST_PATH),
];

async function load(target, item, connections) {
  const result = await autocannon({
    url: target.base,
    connections,
    duration: DURATION,
    requests: item.requests(target),
  });
  const completedPerSecond = result.requests.total / result.duration;
  return {
    // Each connection sends its next request when the last is answered, so requests per second
    // are the connections over the mean latency (Little's law). Completed requests over the
    // duration undercount a slow server: when 50 requests rendered side by side all finish
    // after, say, 2.6 s, a 5 s window counts one batch of 50 and not the second, in flight
    // (10 a second, for 19). That figure is kept in the JSON.
    rps: result.latency.mean > 0 ? connections / (result.latency.mean / 1000) : completedPerSecond,
    completedPerSecond,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

// ---------------------------------------------------------------------------------------------
// CPU per request

function descendants(pid) {
  const children = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const parent = Number(fields[1]);
      if (!children.has(parent)) children.set(parent, []);
      children.get(parent).push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  const all = [pid];
  for (let index = 0; index < all.length; index++) all.push(...(children.get(all[index]) ?? []));
  return all;
}

/** User + system CPU time, in ms, of the server and every process under it. */
function serverCpuMs(target) {
  const ticksPerSecond = 100; // USER_HZ on Linux
  let ticks = 0;
  for (const pid of descendants(target.server.pid)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return (ticks * 1000) / ticksPerSecond;
}

/**
 * Waits (at most a minute) until a server spends under 2% of a core: after the load phase its
 * Worker is still finishing what the posts left to waitUntil (thousands of mails), which would
 * otherwise be counted against the first requests measured.
 */
async function settle(target) {
  for (let attempt = 0; attempt < 60; attempt++) {
    const before = serverCpuMs(target);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (serverCpuMs(target) - before < 20) return;
  }
}

async function cpuPerRequest(target, item) {
  for (let index = 0; index < 5; index++) await (await item.fetchOnce(target)).arrayBuffer();
  const before = serverCpuMs(target);
  for (let index = 0; index < CPU_SAMPLES; index++) await (await item.fetchOnce(target)).arrayBuffer();
  // Work the Worker finishes after the response (waitUntil: mail, logs) belongs to the request too.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return (serverCpuMs(target) - before) / CPU_SAMPLES;
}

// ---------------------------------------------------------------------------------------------
// JavaScript and Lighthouse

const kib = (bytes) => (bytes / 1024).toFixed(1);

async function firstViewJavaScript(target, path, browser) {
  const urls = new Set();
  if (browser) {
    const page = await browser.newPage();
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") urls.add(response.url());
    });
    await page.goto(`${target.base}${path}`, { waitUntil: "networkidle" });
    await page.close();
  } else {
    const html = await (await fetch(`${target.base}${path}`)).text();
    for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g))
      urls.add(new URL(match[1], target.base).href);
    for (const match of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g))
      urls.add(new URL(match[1], target.base).href);
  }
  let gzip = 0;
  for (const url of urls) gzip += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
  return { files: urls.size, gzip };
}

/**
 * One Chromium for every Lighthouse run, as Lighthouse's docs suggest for many runs: a Chromium a
 * run (its CLI) cost seconds of start-up each. Lighthouse resets the page's storage before each
 * run, so runs share no cache. Its DevTools port is whichever the system gives (written to
 * DevToolsActivePort), so two benches never meet on one.
 */
async function startChromium() {
  const profile = mkdtempSync(join(tmpdir(), "bench-chromium-"));
  const browserProcess = spawn(
    CHROMIUM,
    [...CHROME_FLAGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"],
    { stdio: "ignore" },
  );
  // A bench stopped mid-run (Ctrl-C) leaves no Chromium behind.
  const stop = () => browserProcess.kill();
  process.on("exit", stop);
  const portFile = join(profile, "DevToolsActivePort");
  let port = NaN;
  for (let attempt = 0; attempt < 200 && !(port > 0); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (existsSync(portFile)) port = Number(readFileSync(portFile, "utf8").split("\n")[0]);
  }
  if (!(port > 0)) throw new Error(`Chromium (${CHROMIUM}) did not open its DevTools port`);
  return {
    port,
    async close() {
      process.off("exit", stop);
      browserProcess.kill();
      if (browserProcess.exitCode === null) await once(browserProcess, "exit");
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Lighthouse's mobile preset (its default) with shorter waits for the page to settle: 500 ms of
 * network and main-thread quiet, and after the first paint and the load event, instead of its
 * 1,000 ms each. The site's pages load everything well inside that on a local server, and the
 * scores come from Lighthouse's simulated throttling of what was loaded, not from the waits.
 * The three unscored audits that each take a screenshot or a second navigation are left out.
 */
const LIGHTHOUSE_CONFIG = {
  extends: "lighthouse:default",
  settings: {
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    pauseAfterFcpMs: 500,
    pauseAfterLoadMs: 500,
    networkQuietThresholdMs: 500,
    cpuQuietThresholdMs: 500,
    disableFullPageScreenshot: true,
    skipAudits: ["bf-cache", "screenshot-thumbnails", "final-screenshot"],
  },
};

/** One Lighthouse run; a run that does not complete is tried once more before it counts as failed. */
async function lighthouse(chromium, url) {
  let reason = "";
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const result = await runLighthouse(url, { port: chromium.port, logLevel: "silent" }, LIGHTHOUSE_CONFIG);
      const report = result?.lhr;
      const error = report?.runtimeError ?? report?.audits["largest-contentful-paint"]?.errorMessage;
      if (!report || error) {
        reason = String(error?.message ?? error ?? "no report");
        continue;
      }
      const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
      return {
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcp: report.audits["largest-contentful-paint"]?.numericValue ?? 0,
        tbt: report.audits["total-blocking-time"]?.numericValue ?? 0,
        cls: report.audits["cumulative-layout-shift"]?.numericValue ?? 0,
        // "JavaScript execution time" (script evaluation, parsing and compiling, all scripts).
        bootup: report.audits["bootup-time"]?.numericValue ?? 0,
        // The element Chromium chose as the largest contentful paint (it must be content, decision 030).
        lcpElement:
          report.audits["lcp-breakdown-insight"]?.details?.items?.find((item) => item.type === "node")
            ?.selector ?? "",
      };
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    }
  }
  return { failed: reason.slice(0, 200) };
}

/**
 * The public pages Lighthouse runs on: the sitemap's English addresses that answer HTML (the
 * sitemap also lists each event's calendar file). Read before any Lighthouse run.
 */
async function publicHtmlPages() {
  const sitemap = await (await fetch(`${site.base}/sitemap.xml`)).text();
  const paths = [
    ...new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname)),
  ];
  const pages = [];
  for (const path of paths) {
    const response = await fetch(`${site.base}${path}`);
    await response.arrayBuffer();
    if (response.headers.get("Content-Type")?.startsWith("text/html")) pages.push(path);
  }
  return pages;
}

// ---------------------------------------------------------------------------------------------
// Issue 33's thresholds, one line each, for the parts this run measured

function verdicts() {
  const results = [];
  const verdict = (ok, text) => results.push(`${ok ? "PASS" : "FAIL"}: ${text}`);
  const loadRows = (test) =>
    figures.load.filter((row) => [20, 50].includes(row.connections) && test(row.request));
  const worst = (rows) =>
    rows.map((row) => ({ row, ratio: row.site.rps / row.floor.rps })).sort((a, b) => a.ratio - b.ratio)[0];
  const cached = worst(loadRows((request) => request.startsWith("GET") && !request.includes("uncached")));
  if (cached)
    verdict(
      cached.ratio >= 1,
      `cached pages ≥ 1.00 of the floor's req/s at 20 and 50 connections (lowest ${cached.ratio.toFixed(2)}, ${cached.row.request} at ${cached.row.connections})`,
    );
  const uncached = worst(loadRows((request) => /^GET \/(events)? \(uncached\)$/.test(request)));
  if (uncached)
    verdict(
      uncached.ratio >= 0.5,
      `uncached / and /events ≥ 0.50 of the floor's req/s at 20 and 50 connections (lowest ${uncached.ratio.toFixed(2)}, ${uncached.row.request} at ${uncached.row.connections})`,
    );
  const content = figures.js.filter((row) => CONTENT_PAGES.includes(row.page));
  if (content.length) {
    const largest = content.toSorted((a, b) => b.site - a.site)[0];
    verdict(
      largest.site <= FIRST_VIEW_BUDGET,
      `first-view JavaScript ≤ 130 KiB gzip on content pages (largest ${kib(largest.site)} KiB, ${largest.page})`,
    );
  }
  if (figures.lighthouse?.length) {
    const rows = figures.lighthouse;
    const below = (test) => rows.filter((row) => !test(row.site)).map((row) => row.page);
    const check = (failing, text) =>
      verdict(!failing.length, `${text}${failing.length ? ` (not: ${failing.join(", ")})` : ""}`);
    check(
      rows.filter((row) => row.completed.site < RUNS).map((row) => row.page),
      `Lighthouse completed ${RUNS} runs on each of ${rows.length} pages`,
    );
    check(
      below((site) => site.performance >= 98),
      `Lighthouse mobile performance ≥ 98 (median) on every page`,
    );
    check(
      below((site) => site.accessibility === 100 && site.bestPractices === 100 && site.seo === 100),
      "accessibility, best practices and SEO 100 on every page",
    );
    check(
      below((site) => site.cls === 0),
      "CLS 0 on every page",
    );
  }
  return results;
}

const ratio = (a, b) => (b ? (a / b).toFixed(2) : "–");
const figures = {
  date: new Date().toISOString(),
  duration: DURATION,
  rounds: ROUNDS,
  load: [],
  cpu: [],
  js: [],
};
const lines = [];
const say = (line = "") => {
  lines.push(line);
  console.log(line);
};

try {
  await Promise.all([waitFor(site), waitFor(floor)]);
  for (const item of SCENARIOS)
    for (const target of [site, floor]) await (await item.fetchOnce(target)).text();
  took("build and start");

  if (wants("load")) {
    say(`\n## Load (autocannon, ${DURATION} s each, median of ${ROUNDS} alternating rounds)\n`);
    say(
      "| request | conns | site req/s | floor req/s | ratio | completed/s site/floor | site p99 ms | floor p99 ms | errors site/floor |",
    );
    say("|---|---|---|---|---|---|---|---|---|");
    for (const item of SCENARIOS) {
      for (const connections of CONNECTIONS) {
        const runs = { site: [], floor: [] };
        for (let round = 0; round < ROUNDS; round++) {
          const order = round % 2 ? [floor, site] : [site, floor];
          for (const target of order) runs[target.name].push(await load(target, item, connections));
        }
        const pick = (name) => ({
          rps: median(runs[name].map((run) => run.rps)),
          completedPerSecond: median(runs[name].map((run) => run.completedPerSecond)),
          p99: median(runs[name].map((run) => run.p99)),
          errors: runs[name].reduce((sum, run) => sum + run.errors, 0),
        });
        const [s, f] = [pick("site"), pick("floor")];
        figures.load.push({ request: item.label, connections, site: s, floor: f });
        say(
          `| ${item.label} | ${connections} | ${s.rps.toFixed(0)} | ${f.rps.toFixed(0)} | **${ratio(s.rps, f.rps)}** | ${s.completedPerSecond.toFixed(0)}/${f.completedPerSecond.toFixed(0)} | ${s.p99} | ${f.p99} | ${s.errors}/${f.errors} |`,
        );
      }
    }
    took("load");
  }

  if (wants("cpu")) {
    say(
      `\n## Server CPU per request (process CPU over ${CPU_SAMPLES} sequential requests, median of ${CPU_ROUNDS} alternating rounds)\n`,
    );
    say("| request | site ms | floor ms | ratio | rounds' ratios |");
    say("|---|---|---|---|---|");
    for (const target of [site, floor]) await settle(target);
    for (const item of SCENARIOS) {
      // Alternating which goes first, so a burst of load from elsewhere lands on both.
      const rounds = { site: [], floor: [] };
      for (let round = 0; round < CPU_ROUNDS; round++)
        for (const target of round % 2 ? [floor, site] : [site, floor])
          rounds[target.name].push(await cpuPerRequest(target, item));
      const cpu = { site: median(rounds.site), floor: median(rounds.floor) };
      const roundRatios = rounds.site.map((ms, round) => ms / rounds.floor[round]);
      figures.cpu.push({ request: item.label, ...cpu, roundRatios });
      say(
        `| ${item.label} | ${cpu.site.toFixed(2)} | ${cpu.floor.toFixed(2)} | **${ratio(cpu.site, cpu.floor)}** | ${Math.min(...roundRatios).toFixed(2)}–${Math.max(...roundRatios).toFixed(2)} |`,
      );
    }
    took("cpu");
  }

  if (wants("js")) {
    say(`\n## JavaScript on the first view (gzip, ${CHROMIUM ? "as Chromium loads it" : "from the HTML"})\n`);
    say("| page | site KiB | files | floor KiB | ratio |");
    say("|---|---|---|---|---|");
    let browser = null;
    if (CHROMIUM) {
      const { chromium } = await import("@playwright/test");
      browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
    }
    for (const path of [...PAGES, POST_PATH, ...JS_ONLY_PAGES]) {
      const [s, f] = [
        await firstViewJavaScript(site, path, browser),
        await firstViewJavaScript(floor, path, browser),
      ];
      figures.js.push({ page: path, site: s.gzip, floor: f.gzip });
      say(`| ${path} | ${kib(s.gzip)} | ${s.files} | ${kib(f.gzip)} | ${ratio(s.gzip, f.gzip)} |`);
    }
    await browser?.close();
    took("js");
  }

  if (wants("lighthouse") && CHROMIUM) {
    // The pages are read first: Lighthouse runs hold the bench for minutes, and a request after
    // them must not go out on a keep-alive connection the server closed meanwhile.
    const listed = args.get("lighthouse-pages");
    const named = listed && listed !== "measured" ? listed.split(",") : null;
    const otherPages = (named ?? (listed === "measured" ? [] : await publicHtmlPages())).filter(
      (path) => !PAGES.includes(path),
    );
    const measuredPages = named ? PAGES.filter((path) => named.includes(path)) : PAGES;
    say(
      `\n## Lighthouse (mobile preset), median of ${RUNS} runs, ${measuredPages.length + otherPages.length} pages\n`,
    );
    say(
      "| page | site perf | floor perf | site LCP ms | floor LCP ms | site TBT ms | site JS ms | floor JS ms | CLS | a11y | best pr. | SEO | LCP element |",
    );
    say("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    figures.lighthouse = [];
    const failures = [];
    const chromium = await startChromium();
    try {
      // The measured pages beside the floor, alternating which goes first; the others, the site alone.
      for (const path of [...measuredPages, ...otherPages]) {
        const targets = measuredPages.includes(path) ? [site, floor] : [site];
        const runs = { site: [], floor: [] };
        for (let run = 0; run < RUNS; run++) {
          for (const target of run % 2 ? targets.toReversed() : targets) {
            const result = await lighthouse(chromium, `${target.base}${path}`);
            if (result.failed) failures.push(`${target.name} ${path}: ${result.failed}`);
            else runs[target.name].push(result);
          }
        }
        const med = (name, key) => (runs[name].length ? median(runs[name].map((run) => run[key])) : NaN);
        const mostCommon = (values) =>
          values.sort(
            (a, b) => values.filter((v) => v === b).length - values.filter((v) => v === a).length,
          )[0];
        const keys = ["performance", "lcp", "tbt", "bootup", "cls", "accessibility", "bestPractices", "seo"];
        const row = {
          page: path,
          site: Object.fromEntries(keys.map((key) => [key, med("site", key)])),
          floor: targets.includes(floor)
            ? Object.fromEntries(
                ["performance", "lcp", "tbt", "bootup"].map((key) => [key, med("floor", key)]),
              )
            : null,
        };
        row.site.lcpElement = mostCommon(runs.site.map((run) => run.lcpElement)) ?? "";
        // A run Lighthouse did not complete is left out of the median; the table says so.
        row.completed = { site: runs.site.length, floor: runs.floor.length };
        figures.lighthouse.push(row);
        const completed = (name) => (runs[name].length < RUNS ? ` (${runs[name].length} of ${RUNS})` : "");
        const floorCell = (key, digits = 0) => (row.floor ? row.floor[key].toFixed(digits) : "–");
        say(
          `| ${path}${completed("site")} | ${row.site.performance} | ${floorCell("performance")}${row.floor ? completed("floor") : ""} | ${row.site.lcp.toFixed(0)} | ${floorCell("lcp")} | ${row.site.tbt.toFixed(0)} | ${row.site.bootup.toFixed(0)} | ${floorCell("bootup")} | ${row.site.cls.toFixed(3)} | ${row.site.accessibility} | ${row.site.bestPractices} | ${row.site.seo} | \`${row.site.lcpElement}\` |`,
        );
      }
    } finally {
      await chromium.close();
    }
    for (const failure of failures) say(`- A run did not complete (${failure}).`);
    figures.lighthouseFailures = failures;
    took("lighthouse");
  } else if (wants("lighthouse")) {
    say("\nLighthouse skipped: no Chromium on this machine.");
  }

  // The scale table (decision 057) is its own run: it seeds years of records into a D1 of its own.
  if (ONLY === "scale")
    figures.scale = await (
      await import("./bench-scale.mjs")
    ).benchScale({ scale: Number(args.get("scale") ?? 0.1) });
  say(`\nThe mail sink took ${mailsTaken} messages (two for each contact form post).`);
  say("\n## Against issue 33\n");
  for (const line of verdicts()) say(`- ${line}`);
  took("the rest");
  const total = Math.round((Date.now() - benchStarted) / 1000);
  say(
    `\nThe run took ${Math.floor(total / 60)} min ${total % 60} s (${durations.map(({ part, seconds }) => `${part} ${seconds} s`).join(", ")}).`,
  );
  figures.durations = durations;
  const out = args.get("out");
  if (out) writeFileSync(out, JSON.stringify({ ...figures, table: lines.join("\n") }, null, 2));
} finally {
  stopServers();
}
