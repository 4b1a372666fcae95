// The bench's scale section (docs/decisions/057-years-of-data.md): the built site on two local
// databases in the same run, a nearly empty one (a few dozen records, as every figure before was
// taken) and one with ten years of records (`npm run seed:scale`, at --scale of its full size).
// For every admin list (first page, a filter, a search, the last page), every detail page, the
// overview, site search, /events, /blog and each CSV export it prints p50 and p99 of sequential
// requests on each, the two databases served at once and asked in turn, and seeded ÷ empty, and
// the seeded first byte. Target: p50 within 1.5× empty. On the seeded database it
// then reads the isolate's peak heap during the largest exports and a Cron run (128 MB limit).
//
//   npm exec -- node scripts/bench-scale.mjs [--scale=0.1] [--samples=15] [--no-build]
//     [--pages=REGEX] (only the pages and heavy paths whose name matches) [--no-cron]
// It ends with the Cron jobs at year ten's full size (the worker test with CRON_AT_SCALE=1, about
// six minutes), unless --no-cron.
// (the project's Node: the heap is read over a WebSocket, global from Node 22)
// or `npm run bench -- --only=scale` (only then: a whole `npm run bench` leaves it out, decision 058).
// Ports: BENCH_SCALE_PORT (the empty database's site, default 8792), BENCH_SCALE_SEEDED_PORT (the
// seeded one's, default 8794), BENCH_SCALE_SEED_PORT (the seeding Worker, default 8793) and
// BENCH_SCALE_INSPECTOR_PORT (the empty site's inspector, default 9793; the seeded site's, one more,
// is read for the isolate's heap).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adminCookie, seedAll, startLocalWorker, startSeedWorker } from "./seed-scale/run.mjs";

const ENV = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };
/** A nearly empty database: the seeded decade at this share (50 submissions, 25 gifts …). */
const EMPTY_SCALE = 0.0005;

/** The pages measured: a list read by keyset goes to its last page with `?oldest=1`. */
function pages() {
  return [
    ["overview", "/admin"],
    ["submissions", "/admin/submissions"],
    ["submissions: a form", "/admin/submissions?kind=contact"],
    ["submissions: new", "/admin/submissions?status=new"],
    ["submissions: search", "/admin/submissions?q=rivera"],
    ["submissions: last page", "/admin/submissions?oldest=1"],
    ["submission", "/admin/submissions/seed-submission-0"],
    ["donations", "/admin/donations"],
    ["donations: monthly", "/admin/donations?frequency=monthly"],
    ["donations: search", "/admin/donations?q=rivera"],
    ["donations: last page", "/admin/donations?oldest=1"],
    ["gift", "/admin/donations/seed-gift-0"],
    ["donor", "/admin/donors/seed-gift-0"],
    ["monthly donors", "/admin/donations/monthly"],
    ["subscribers", "/admin/subscribers"],
    ["subscribers: confirmed", "/admin/subscribers?status=confirmed"],
    ["subscribers: search", "/admin/subscribers?q=reader1"],
    ["subscribers: last page", "/admin/subscribers?oldest=1"],
    ["outbox", "/admin/outbox"],
    ["outbox: failed", "/admin/outbox?status=failed"],
    ["outbox: last page", "/admin/outbox?oldest=1"],
    ["audit", "/admin/audit"],
    ["audit: last page", "/admin/audit?oldest=1"],
    ["registrations", "/admin/registrations"],
    ["an event's attendees", "/admin/registrations/seed-event-0"],
    ["program sessions", "/admin/program-sessions"],
    ["a session's roster", "/admin/program-sessions/seed-session-0"],
    ["volunteers", "/admin/volunteers"],
    ["a volunteer", "/admin/volunteers/seed-volunteer-0"],
    ["a shift's roster", "/admin/volunteers/shifts/seed-shift-0"],
    ["statements", "/admin/donations/statements"],
    ["staff and invites", "/admin/users"],
    ["an entry and its versions", "/admin/entries/event/seed-event-0"],
    ["site search", "/search?q=open"],
    ["/events", "/events"],
    ["/events: older past events", "/events?past=2"],
    ["/blog", "/blog"],
    ["/blog: older posts", "/blog?page=2"],
    ["CSV: every form", "/admin/submissions/export.csv"],
    ["CSV: donations", "/admin/donations/export.csv"],
    ["CSV: subscribers", "/admin/subscribers/export.csv"],
    ["CSV: attendees", "/admin/registrations/seed-event-0/export.csv"],
    ["CSV: volunteer hours", "/admin/volunteers/hours.csv"],
    ["zip: the export of everything", "/admin/export/download?part=1"],
  ];
}

const percentile = (values, share) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
};

function run(command, args, env = ENV) {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

/** A local database in its own directory: migrated, the sample content, the seed at `scale`. */
async function prepareDatabase(scale, seedPort) {
  const dir = mkdtempSync(join(tmpdir(), "bench-scale-"));
  const env = { ...ENV, WRANGLER_PERSIST_TO: dir };
  run("node", ["scripts/db-migrate.mjs"], env);
  run("node", ["scripts/content-import.mjs"], env);
  const worker = await startSeedWorker(dir, seedPort);
  try {
    const seconds = await seedAll(worker, { scale });
    console.log(`seeded at ${scale} in ${seconds.toFixed(1)} s`);
    return { dir, cookie: await adminCookie(worker) };
  } finally {
    worker.stop();
  }
}

/** One request's wall time (the whole body read) and the time to its first byte of body, in ms. */
async function once(base, path, cookie) {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  const reader = response.body.getReader();
  let firstByte;
  for (;;) {
    const { done } = await reader.read();
    firstByte ??= performance.now() - started;
    if (done) break;
  }
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  return { total: performance.now() - started, firstByte };
}

/** p50 and p99 of the wall times, and the p50 of the first bytes. */
const summary = (runs) => ({
  p50: percentile(
    runs.map((run) => run.total),
    0.5,
  ),
  p99: percentile(
    runs.map((run) => run.total),
    0.99,
  ),
  firstByte: percentile(
    runs.map((run) => run.firstByte),
    0.5,
  ),
});

/**
 * `samples` requests to each site, one on each in turn after `warm` on each: the machine is shared,
 * and its load moved by up to 2× between the two halves of a run that measured one database after
 * the other (decision 057), so each sample of the empty database has one of the seeded beside it.
 */
async function timeBoth(sites, path, samples, warm) {
  const runs = Object.fromEntries(Object.keys(sites).map((name) => [name, []]));
  for (let i = 0; i < warm + samples; i++)
    for (const [name, { base, cookie }] of Object.entries(sites)) {
      const run = await once(base, path, cookie);
      if (i >= warm) runs[name].push(run);
    }
  return Object.fromEntries(Object.entries(runs).map(([name, list]) => [name, summary(list)]));
}

/**
 * The Worker isolate's JavaScript heap, read through wrangler dev's inspector
 * (`Runtime.getHeapUsage`) every 20 ms while `work` runs: the memory the 128 MB limit counts,
 * apart from D1's SQLite, which local workerd runs in the same process (so its RSS says nothing).
 */
async function heapPeakDuring(inspectorPort, work) {
  if (typeof WebSocket === "undefined")
    throw new Error("needs the project's Node (npm run bench), with WebSocket");
  const [target] = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl, { headers: { Origin: "http://localhost" } });
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const waiting = new Map();
  let nextId = 0;
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data));
    waiting.get(message.id)?.(message.result);
    waiting.delete(message.id);
  };
  const usedHeap = () =>
    new Promise((resolve) => {
      const id = ++nextId;
      waiting.set(id, (result) => resolve(result?.usedSize ?? 0));
      socket.send(JSON.stringify({ id, method: "Runtime.getHeapUsage" }));
    });
  let peak = await usedHeap();
  const before = peak;
  let running = true;
  const polling = (async () => {
    while (running) {
      peak = Math.max(peak, await usedHeap());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await polling;
    socket.close();
  }
  return { before, peak };
}

/** The heavy paths whose isolate heap is measured on the seeded database (decision 057). */
const HEAVY_PATHS = [
  ["CSV: every form", "/admin/submissions/export.csv"],
  ["CSV: donations", "/admin/donations/export.csv"],
  ["zip: the export of everything", "/admin/export/download?part=1"],
  ["Cron run", "/cdn-cgi/local/scheduled"],
];

/** Runs the section and prints its table; returns the figures. */
export async function benchScale({
  scale = 0.1,
  samples = 15,
  only,
  cron = true,
  port = Number(process.env.BENCH_SCALE_PORT ?? 8792),
  seedPort = Number(process.env.BENCH_SCALE_SEED_PORT ?? 8793),
  seededPort = Number(process.env.BENCH_SCALE_SEEDED_PORT ?? 8794),
  inspectorPort = Number(process.env.BENCH_SCALE_INSPECTOR_PORT ?? 9793),
} = {}) {
  const figures = {};
  const heap = {};
  const databases = [
    ["empty", EMPTY_SCALE, port, inspectorPort],
    ["seeded", scale, seededPort, inspectorPort + 1],
  ];
  // Both databases are served at once, so that their requests can take turns.
  const sites = {};
  try {
    for (const [name, share, sitePort, siteInspector] of databases) {
      const { dir, cookie } = await prepareDatabase(share, seedPort);
      sites[name] = { dir, cookie };
      sites[name].site = await startLocalWorker(
        ["-c", "build/server/wrangler.json", "--inspector-port", String(siteInspector)],
        dir,
        sitePort,
      );
      sites[name].base = sites[name].site.base;
    }
    for (const [page, path] of pages().filter(([page]) => !only || only.test(page))) {
      // A file of a hundred thousand rows is read whole: two samples, unwarmed, say enough.
      const file = path.endsWith(".csv") || path.includes(".csv?") || path.includes("/download?");
      // A page that fails is reported as such and the section goes on to the next.
      figures[page] = await timeBoth(sites, path, file ? Math.min(2, samples) : samples, file ? 0 : 2).catch(
        (error) => ({ empty: { failed: String(error.message ?? error) }, seeded: { failed: "" } }),
      );
    }
    const seeded = sites.seeded;
    for (const [path, url] of HEAVY_PATHS.filter(([path]) => !only || only.test(path)))
      heap[path] = await heapPeakDuring(inspectorPort + 1, () => once(seeded.base, url, seeded.cookie)).catch(
        (error) => ({ before: NaN, peak: NaN, failed: String(error.message ?? error) }),
      );
  } finally {
    for (const { site, dir } of Object.values(sites)) {
      site?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(
    `\n### Scale: empty database vs ten years at ${scale} of full size (ms, ${samples} sequential requests)\n`,
  );
  console.log(
    "| page | empty p50 | empty p99 | seeded p50 | seeded p99 | seeded ÷ empty (p50) | seeded first byte (p50) |",
  );
  console.log("| --- | --: | --: | --: | --: | --: | --: |");
  for (const [page, { empty, seeded }] of Object.entries(figures)) {
    if (empty.failed || seeded.failed) {
      console.log(`| ${page} | ${empty.failed ?? "ok"} | | ${seeded.failed ?? "ok"} | | failed |`);
      continue;
    }
    const ratio = seeded.p50 / empty.p50;
    console.log(
      `| ${page} | ${empty.p50.toFixed(1)} | ${empty.p99.toFixed(1)} | ${seeded.p50.toFixed(1)} | ${seeded.p99.toFixed(1)} | ${ratio.toFixed(2)}${ratio > 1.5 ? " ⚠" : ""} | ${seeded.firstByte.toFixed(1)} |`,
    );
  }
  console.log("\n### Isolate heap on the seeded database (MB, Runtime.getHeapUsage; the limit is 128)\n");
  console.log("| path | before | peak |");
  console.log("| --- | --: | --: |");
  const mb = (bytes) => (bytes / 1_048_576).toFixed(1);
  for (const [path, { before, peak, failed }] of Object.entries(heap))
    console.log(`| ${path} | ${failed ?? mb(before)} | ${failed ? "" : mb(peak)} |`);
  const cronRuns = cron ? cronAtFullSize() : [];
  if (cronRuns.length) {
    console.log(
      "\n### Cron at year ten's size (tests/worker/cron-at-scale.test.ts, each run its own invocation)\n",
    );
    console.log(
      "| job | invocations | most D1 queries a run | most subrequests a run | longest run (s) | all runs (s) |",
    );
    console.log("| --- | --: | --: | --: | --: | --: |");
    for (const run of cronRuns)
      console.log(
        `| ${run.path} | ${run.invocations} | ${run.maxD1Queries} | ${run.maxSubrequests} | ${(run.maxRunMs / 1000).toFixed(1)} | ${(run.totalMs / 1000).toFixed(1)} |`,
      );
  }
  return { figures, heap, cronRuns };
}

/**
 * The newsletter to 20,000 subscribers and the statements for 10,000 donors, run Cron run by Cron
 * run by the worker test at full size (`CRON_AT_SCALE=1`; `npm test` runs a tenth): the figures
 * each run prints.
 */
function cronAtFullSize() {
  const result = spawnSync("npx", ["vitest", "run", "tests/worker/cron-at-scale.test.ts"], {
    env: { ...ENV, CRON_AT_SCALE: "1" },
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0) {
    console.log(
      `Cron at year ten's size failed:\n${result.stdout.slice(-4000)}${result.stderr.slice(-4000)}`,
    );
    return [];
  }
  return [...result.stdout.matchAll(/^.*(\{"path":.*\})\s*$/gm)].map((match) => JSON.parse(match[1]));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = new Map(
    process.argv.slice(2).map((arg) => {
      const [key, value] = arg.replace(/^--/, "").split("=");
      return [key, value ?? "true"];
    }),
  );
  if (args.get("no-build") !== "true") run("npx", ["react-router", "build"]);
  await benchScale({
    scale: Number(args.get("scale") ?? 0.1),
    samples: Number(args.get("samples") ?? 15),
    only: args.has("pages") ? new RegExp(args.get("pages")) : undefined,
    cron: args.get("no-cron") !== "true",
  });
}
