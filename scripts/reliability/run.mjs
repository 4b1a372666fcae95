// `npm run reliability`: the production build on local workerd under load and a failing mail
// provider, then the counts in D1 (README, Reliability). Not part of `npm test`: it takes
// about two minutes. Each phase is a module that gets the site and a D1 query helper and
// returns its figures and its failures; the run exits non-zero on any failure.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { startMailServer } from "../../tests/support/mail-server.ts";
import { startStripeServer } from "../../tests/support/stripe-server.ts";
import { formsAndMailPhase, MAIL_SCHEDULE, MAIL_STALL_MS, MAIL_TIMEOUT_SECONDS } from "./forms-mail.mjs";
import { stripeEventsPhase } from "./stripe.mjs";

const PORT = Number(process.env.RELIABILITY_PORT ?? 8790);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PERSIST_TO = `.wrangler/reliability-${PORT}`;
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true", WRANGLER_PERSIST_TO: PERSIST_TO };
const BUILD_MARKER = "build/server/wrangler.json";

/** Newest modification time under the given paths (files only). */
function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    const stat = statSync(path);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const path of paths) if (existsSync(path)) visit(path);
  return newest;
}

function ensureBuild() {
  const sources = newestMtime([
    "app",
    "workers",
    "wrangler.toml",
    "vite.config.ts",
    "react-router.config.ts",
  ]);
  if (existsSync(BUILD_MARKER) && statSync(BUILD_MARKER).mtimeMs >= sources) return;
  console.log("Building (the build is missing or older than the sources)…");
  const build = spawnSync("npx", ["react-router", "build"], { stdio: "inherit", env });
  if (build.status !== 0) throw new Error("the build failed");
}

/** `wrangler d1 execute` against the run's local database; the rows of the (last) statement. */
export function d1(sql) {
  const result = spawnSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", PERSIST_TO, "--json", "--command", sql],
    { env, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`d1 execute failed: ${result.stderr || result.stdout}`);
  const parsed = JSON.parse(result.stdout);
  return parsed.at(-1).results;
}

async function waitForSite(deadline) {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${ORIGIN}/`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the site did not answer on ${ORIGIN} in time`);
}

async function main() {
  const started = Date.now();
  ensureBuild();
  rmSync(PERSIST_TO, { recursive: true, force: true });
  const migrate = spawnSync("node", ["scripts/db-migrate.mjs"], { stdio: "ignore", env });
  if (migrate.status !== 0) throw new Error("applying the migrations failed");

  const mail = await startMailServer({ stallMs: MAIL_STALL_MS, schedule: MAIL_SCHEDULE });
  const stripe = await startStripeServer({ port: 0 });
  const vars = [
    "MAIL_TRANSPORT:http",
    `MAIL_API_URL:${mail.origin}/send`,
    `MAIL_TIMEOUT_SECONDS:${MAIL_TIMEOUT_SECONDS}`,
    `SITE_URL:${ORIGIN}`,
    "STRIPE_SECRET_KEY:sk_test_local_stripe_server",
    "STRIPE_WEBHOOK_SECRET:whsec_test_local_stripe_server",
    `STRIPE_API_BASE:${stripe.origin}`,
    `STRIPE_CHECKOUT_ORIGIN:${stripe.origin}`,
  ].flatMap((entry) => ["--var", entry]);
  // Its own process group, so stopping it also stops workerd (README, Testing).
  const site = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "-c",
      "build/server/wrangler.json",
      "--port",
      String(PORT),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      PERSIST_TO,
      ...vars,
    ],
    { env, detached: true, stdio: ["ignore", "ignore", "pipe"] },
  );
  let siteErrors = "";
  const errorMessages = new Map();
  site.stderr.on("data", (chunk) => {
    siteErrors = (siteErrors + chunk).slice(-4000);
    for (const match of String(chunk).matchAll(/"message":"([^"]{0,80})/g))
      errorMessages.set(match[1], (errorMessages.get(match[1]) ?? 0) + 1);
  });
  const stop = async () => {
    try {
      process.kill(-site.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
    await Promise.all([mail.close(), stripe.close()]);
  };
  process.on("SIGINT", () => stop().then(() => process.exit(130)));

  const results = [];
  try {
    await waitForSite(Date.now() + 90_000);
    console.log(`Site up on ${ORIGIN} after ${Math.round((Date.now() - started) / 1000)} s.`);
    // `scheduled(time)` fires the Cron handler as of `time` (ms): miniflare's trigger, which
    // wrangler dev serves for a prebuilt config (its --test-scheduled route needs a bundle).
    const scheduled = (time) =>
      fetch(`${ORIGIN}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/5 * * * *")}&time=${time}`);
    const context = { origin: ORIGIN, d1, scheduled, mail, stripe };
    for (const phase of [formsAndMailPhase, stripeEventsPhase]) results.push(await phase(context));
  } catch (error) {
    results.push({ name: "run", figures: {}, failures: [String(error?.stack ?? error)] });
    if (siteErrors) console.error(siteErrors);
  } finally {
    await stop();
  }

  // What the site logged as errors (expected here: the provider's 503s and timeouts).
  console.log(`\nSite errors logged: ${JSON.stringify(Object.fromEntries(errorMessages))}`);
  let failed = false;
  for (const { name, figures, failures } of results) {
    console.log(`\n== ${name}`);
    for (const [label, value] of Object.entries(figures)) console.log(`  ${label.padEnd(42)} ${value}`);
    for (const failure of failures) console.log(`  FAIL ${failure}`);
    failed ||= failures.length > 0;
  }
  console.log(`\n${failed ? "FAILED" : "PASSED"} in ${Math.round((Date.now() - started) / 1000)} s`);
  process.exit(failed ? 1 : 0);
}

await main();
