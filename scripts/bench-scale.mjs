// The bench's scale section (docs/decisions/057-years-of-data.md): the built site on two local
// databases in the same run, a nearly empty one (a few dozen records, as every figure before was
// taken) and one with ten years of records (`npm run seed:scale`, at --scale of its full size).
// For every admin list (first page, a filter, a search, the last page), every detail page, the
// overview, site search, /events, /blog and each CSV export it prints p50 and p99 of sequential
// requests on each, and seeded ÷ empty. Target: p50 within 1.5× empty.
//
//   node scripts/bench-scale.mjs [--scale=0.1] [--samples=15] [--no-build]
// or `npm run bench -- --only=scale` (bench.mjs calls `benchScale` after its other parts).
// Ports: BENCH_SCALE_PORT (site, default 8792) and BENCH_SCALE_SEED_PORT (the seeding Worker,
// default 8793).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adminCookie, seedAll, startLocalWorker, startSeedWorker } from "./seed-scale/run.mjs";

const ENV = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };
const PAGE_SIZE = 25;
/** A nearly empty database: the seeded decade at this share (50 submissions, 25 gifts …). */
const EMPTY_SCALE = 0.0005;

/** The pages measured, with the last page of each list from the rows seeded at `scale`. */
function pages(scale) {
  const lastPage = (rows) => Math.max(1, Math.ceil(Math.max(1, Math.round(rows * scale)) / PAGE_SIZE));
  return [
    ["overview", "/admin"],
    ["submissions", "/admin/submissions"],
    ["submissions: a form", "/admin/submissions?kind=contact"],
    ["submissions: new", "/admin/submissions?status=new"],
    ["submissions: search", "/admin/submissions?q=rivera"],
    ["submissions: last page", `/admin/submissions?page=${lastPage(100_000)}`],
    ["submission", "/admin/submissions/seed-submission-0"],
    ["donations", "/admin/donations"],
    ["donations: monthly", "/admin/donations?frequency=monthly"],
    ["donations: search", "/admin/donations?q=rivera"],
    ["donations: last page", `/admin/donations?page=${lastPage(50_000)}`],
    ["gift", "/admin/donations/seed-gift-0"],
    ["donor", "/admin/donors/seed-gift-0"],
    ["monthly donors", "/admin/donations/monthly"],
    ["subscribers", "/admin/subscribers"],
    ["subscribers: confirmed", "/admin/subscribers?status=confirmed"],
    ["subscribers: search", "/admin/subscribers?q=reader1"],
    ["subscribers: last page", `/admin/subscribers?page=${lastPage(20_000)}`],
    ["outbox", "/admin/outbox"],
    ["outbox: failed", "/admin/outbox?status=failed"],
    ["outbox: last page", `/admin/outbox?page=${lastPage(50_000)}`],
    ["audit", "/admin/audit"],
    ["audit: last page", `/admin/audit?page=${lastPage(200_000)}`],
    ["registrations", "/admin/registrations"],
    ["an event's attendees", "/admin/registrations/seed-event-0"],
    ["site search", "/search?q=open"],
    ["/events", "/events"],
    ["/blog", "/blog"],
    ["CSV: every form", "/admin/submissions/export.csv"],
    ["CSV: donations", "/admin/donations/export.csv"],
    ["CSV: subscribers", "/admin/subscribers/export.csv"],
    ["CSV: attendees", "/admin/registrations/seed-event-0/export.csv"],
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

/** Wall time of `samples` sequential requests (the whole body read), after `warm` to warm up. */
async function time(base, path, cookie, samples, warm) {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < warm; i++) await once();
  const times = [];
  for (let i = 0; i < samples; i++) times.push(await once());
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

/** Runs the section and prints its table; returns the figures. */
export async function benchScale({
  scale = 0.1,
  samples = 15,
  port = Number(process.env.BENCH_SCALE_PORT ?? 8792),
  seedPort = Number(process.env.BENCH_SCALE_SEED_PORT ?? 8793),
} = {}) {
  const figures = {};
  const databases = [
    ["empty", EMPTY_SCALE],
    ["seeded", scale],
  ];
  for (const [name, share] of databases) {
    const { dir, cookie } = await prepareDatabase(share, seedPort);
    const site = await startLocalWorker(["-c", "build/server/wrangler.json"], dir, port);
    try {
      for (const [page, path] of pages(share)) {
        // A file of a hundred thousand rows is read whole: two samples, unwarmed, say enough.
        const file = path.includes("export.csv");
        (figures[page] ??= {})[name] = await time(
          site.base,
          path,
          cookie,
          file ? Math.min(2, samples) : samples,
          file ? 0 : 2,
        );
      }
    } finally {
      site.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(
    `\n### Scale: empty database vs ten years at ${scale} of full size (ms, ${samples} sequential requests)\n`,
  );
  console.log("| page | empty p50 | empty p99 | seeded p50 | seeded p99 | seeded ÷ empty (p50) |");
  console.log("| --- | --: | --: | --: | --: | --: |");
  for (const [page, { empty, seeded }] of Object.entries(figures)) {
    const ratio = seeded.p50 / empty.p50;
    console.log(
      `| ${page} | ${empty.p50.toFixed(1)} | ${empty.p99.toFixed(1)} | ${seeded.p50.toFixed(1)} | ${seeded.p99.toFixed(1)} | ${ratio.toFixed(2)}${ratio > 1.5 ? " ⚠" : ""} |`,
    );
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = new Map(
    process.argv.slice(2).map((arg) => {
      const [key, value] = arg.replace(/^--/, "").split("=");
      return [key, value ?? "true"];
    }),
  );
  if (args.get("no-build") !== "true") run("npx", ["react-router", "build"]);
  await benchScale({ scale: Number(args.get("scale") ?? 0.1), samples: Number(args.get("samples") ?? 15) });
}
