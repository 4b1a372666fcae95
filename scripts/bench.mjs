// `npm run bench`: the production build on local workerd, measured beside the framework floor
// (bench/floor: a hello-world React Router Worker with remix-i18next, built with the same toolchain
// and served by `wrangler dev` the same way) in the same run, each measurement taken of both
// Workers one after the other, alternating which goes first, and printed as site ÷ floor.
//
//   1. Load: requests per second and p99 latency with 1, 20 and 50 connections (autocannon) for
//      GET /, /about, /events and /donate, "cached" (the plain address an anonymous visitor asks
//      for, which the edge HTML cache may answer, decision 027) and "uncached" (the same address
//      with a query string, which the cache never answers), and a valid contact form POST, each
//      from its own CF-Connecting-IP so the public-form allowance never refuses one.
//   2. CPU per request: the user + system CPU time (/proc/<pid>/stat) of every process of the
//      server (wrangler's node, workerd, with local D1 and KV inside workerd) over N sequential
//      requests, divided by N, once both servers have settled after the load phase. Unlike wall
//      time it does not count the time other programs on a busy machine hold the cores. Each
//      figure is the median of --cpu-rounds alternating rounds, and the table shows the range of
//      the rounds' own ratios: on a small machine one round can be a tenth off either way.
//   3. JavaScript (gzip) loaded by the first view of each page (in Chromium when present).
//   4. Lighthouse (mobile preset) medians of --runs runs, when Chromium is present: the measured
//      pages beside the floor, then every other public page the site's sitemap lists (site only;
//      --lighthouse-pages=measured keeps it to the measured pages).
//
// Flags: --quick (20 connections only, 2 s a measurement, 50 CPU samples, no Lighthouse),
//        --no-build (reuse build/ and bench/floor/build/), --duration=SECONDS (default 5),
//        --rounds=N (each load figure is the median of N alternating rounds; default 2, quick 1),
//        --runs=N (Lighthouse runs a page, default 3), --only=load|cpu|js|lighthouse,
//        --cpu-samples=N (requests a CPU round, default 100), --cpu-rounds=N (default 6, quick 2),
//        --no-lighthouse, --out=FILE (also write the figures as JSON),
//        --pages=/,/donate (the pages measured, default /, /about, /events and /donate),
//        --lighthouse-pages=measured (Lighthouse on the measured pages only, not every public page).
// Ports: BENCH_PORT (site, default 8790) and BENCH_FLOOR_PORT (floor, default 8791).
import { spawn, spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
const QUICK = args.get("quick") === "true";
const DURATION = Number(args.get("duration") ?? (QUICK ? 2 : 5));
const ROUNDS = Number(args.get("rounds") ?? (QUICK ? 1 : 2));
const RUNS = Number(args.get("runs") ?? 3);
const CONNECTIONS = QUICK ? [20] : [1, 20, 50];
const CPU_SAMPLES = Number(args.get("cpu-samples") ?? (QUICK ? 50 : 100));
const CPU_ROUNDS = Number(args.get("cpu-rounds") ?? (QUICK ? 2 : 6));
const ONLY = args.get("only");
const wants = (part) =>
  (!ONLY || ONLY === part) && !((QUICK || args.get("no-lighthouse") === "true") && part === "lighthouse");
const PAGES = args.get("pages")?.split(",") ?? ["/", "/about", "/events", "/donate"];
const POST_PATH = "/forms/contact";
/** More content pages whose first view must stay within the floor's JavaScript (decision 030). */
const JS_ONLY_PAGES = ["/programs", "/blog", "/volunteer"];
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
  return {
    // Completed requests over the time taken (autocannon's per-second average reads 0 when a
    // request takes longer than a second).
    rps: result.requests.total / result.duration,
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

function lighthouse(url) {
  const dir = mkdtempSync(join(tmpdir(), "lighthouse-"));
  const output = join(dir, "report.json");
  const run = spawnSync(
    "npx",
    [
      "lighthouse",
      url,
      "--quiet",
      "--output=json",
      `--output-path=${output}`,
      "--only-categories=performance,accessibility,best-practices,seo",
      `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
    ],
    { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8", env: { ...process.env, CHROME_PATH: CHROMIUM } },
  );
  if (run.status !== 0 || !existsSync(output)) {
    // Why it did not complete: Lighthouse's last line on stderr, shown under the table.
    const reason = run.stderr?.trim().split("\n").at(-1) || `exit ${run.status ?? run.signal}`;
    return { failed: reason.slice(0, 200) };
  }
  const report = JSON.parse(readFileSync(output, "utf8"));
  rmSync(dir, { recursive: true, force: true });
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
}

// ---------------------------------------------------------------------------------------------

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

  if (wants("load")) {
    say(`\n## Load (autocannon, ${DURATION} s each, median of ${ROUNDS} alternating rounds)\n`);
    say(
      "| request | conns | site req/s | floor req/s | ratio | site p99 ms | floor p99 ms | errors site/floor |",
    );
    say("|---|---|---|---|---|---|---|---|");
    for (const item of SCENARIOS) {
      for (const connections of CONNECTIONS) {
        const runs = { site: [], floor: [] };
        for (let round = 0; round < ROUNDS; round++) {
          const order = round % 2 ? [floor, site] : [site, floor];
          for (const target of order) runs[target.name].push(await load(target, item, connections));
        }
        const pick = (name) => ({
          rps: median(runs[name].map((run) => run.rps)),
          p99: median(runs[name].map((run) => run.p99)),
          errors: runs[name].reduce((sum, run) => sum + run.errors, 0),
        });
        const [s, f] = [pick("site"), pick("floor")];
        figures.load.push({ request: item.label, connections, site: s, floor: f });
        say(
          `| ${item.label} | ${connections} | ${s.rps.toFixed(0)} | ${f.rps.toFixed(0)} | **${ratio(s.rps, f.rps)}** | ${s.p99} | ${f.p99} | ${s.errors}/${f.errors} |`,
        );
      }
    }
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
  }

  if (wants("lighthouse") && CHROMIUM) {
    say(`\n## Lighthouse (mobile preset), median of ${RUNS} runs\n`);
    say(
      "| page | site perf | floor perf | site LCP ms | floor LCP ms | site TBT ms | site JS ms | floor JS ms | CLS | a11y | best pr. | SEO | LCP element |",
    );
    say("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    figures.lighthouse = [];
    const failures = [];
    for (const path of PAGES) {
      const runs = { site: [], floor: [] };
      for (let run = 0; run < RUNS; run++) {
        for (const target of run % 2 ? [floor, site] : [site, floor]) {
          const result = lighthouse(`${target.base}${path}`);
          if (result.failed) failures.push(`${target.name} ${path}: ${result.failed}`);
          else runs[target.name].push(result);
        }
      }
      const med = (name, key) => (runs[name].length ? median(runs[name].map((run) => run[key])) : NaN);
      const mostCommon = (values) =>
        values.sort((a, b) => values.filter((v) => v === b).length - values.filter((v) => v === a).length)[0];
      const row = {
        page: path,
        site: Object.fromEntries(
          ["performance", "lcp", "tbt", "bootup", "cls", "accessibility", "bestPractices", "seo"].map((k) => [
            k,
            med("site", k),
          ]),
        ),
        floor: Object.fromEntries(["performance", "lcp", "tbt", "bootup"].map((k) => [k, med("floor", k)])),
      };
      row.site.lcpElement = mostCommon(runs.site.map((run) => run.lcpElement)) ?? "";
      // A run Lighthouse did not complete is left out of the median; the table says so.
      row.completed = { site: runs.site.length, floor: runs.floor.length };
      figures.lighthouse.push(row);
      const completed = (name) => (runs[name].length < RUNS ? ` (${runs[name].length} of ${RUNS})` : "");
      say(
        `| ${path}${completed("site")} | ${row.site.performance} | ${row.floor.performance}${completed("floor")} | ${row.site.lcp.toFixed(0)} | ${row.floor.lcp.toFixed(0)} | ${row.site.tbt.toFixed(0)} | ${row.site.bootup.toFixed(0)} | ${row.floor.bootup.toFixed(0)} | ${row.site.cls.toFixed(3)} | ${row.site.accessibility} | ${row.site.bestPractices} | ${row.site.seo} | \`${row.site.lcpElement}\` |`,
      );
    }
    // Every other public page, from the sitemap (its English addresses), the site alone.
    const everyPage = args.get("lighthouse-pages") !== "measured";
    const sitemap = everyPage ? await (await fetch(`${site.base}/sitemap.xml`)).text() : "";
    const publicPages = [
      ...new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname)),
    ].filter((path) => !PAGES.includes(path));
    for (const path of publicPages) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        const result = lighthouse(`${site.base}${path}`);
        if (result.failed) failures.push(`site ${path}: ${result.failed}`);
        else runs.push(result);
      }
      const med = (key) => (runs.length ? median(runs.map((run) => run[key])) : NaN);
      const row = {
        page: path,
        site: Object.fromEntries(
          ["performance", "lcp", "tbt", "bootup", "cls", "accessibility", "bestPractices", "seo"].map((k) => [
            k,
            med(k),
          ]),
        ),
        completed: { site: runs.length },
      };
      figures.lighthouse.push(row);
      const completed = runs.length < RUNS ? ` (${runs.length} of ${RUNS})` : "";
      say(
        `| ${path}${completed} | ${row.site.performance} | – | ${row.site.lcp.toFixed(0)} | – | ${row.site.tbt.toFixed(0)} | ${row.site.bootup.toFixed(0)} | – | ${row.site.cls.toFixed(3)} | ${row.site.accessibility} | ${row.site.bestPractices} | ${row.site.seo} | |`,
      );
    }
    for (const failure of failures) say(`- A run did not complete (${failure}).`);
    figures.lighthouseFailures = failures;
  } else if (wants("lighthouse")) {
    say("\nLighthouse skipped: no Chromium on this machine.");
  }

  if (wants("scale"))
    figures.scale = await (
      await import("./bench-scale.mjs")
    ).benchScale({ scale: Number(args.get("scale") ?? 0.1) });
  say(`\nThe mail sink took ${mailsTaken} messages (two for each contact form post).`);
  const out = args.get("out");
  if (out) writeFileSync(out, JSON.stringify({ ...figures, table: lines.join("\n") }, null, 2));
} finally {
  stopServers();
}
