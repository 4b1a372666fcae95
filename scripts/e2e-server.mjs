// Serves the production build for the end-to-end tests on its own, fresh local D1 and KV.
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";

const port = process.argv[2] ?? "8788";
// Stripe in test mode against the local Stripe-compatible server that
// playwright.config.ts starts (tests/support/stripe-server.ts); E2E_STRIPE_PORT picks its port.
const stripeOrigin = `http://127.0.0.1:${process.env.E2E_STRIPE_PORT ?? "12193"}`;
const stripeVars = [
  "STRIPE_SECRET_KEY:sk_test_local_stripe_server",
  "STRIPE_WEBHOOK_SECRET:whsec_test_local_stripe_server",
  `STRIPE_API_BASE:${stripeOrigin}`,
  `STRIPE_CHECKOUT_ORIGIN:${stripeOrigin}`,
].flatMap((entry) => ["--var", entry]);
// Mail in its production shape, over HTTP to a stand-in provider instead of the log transport:
// the bench (scripts/bench.mjs) counts what its sink took, and the e2e tests read a message as the
// provider received it (playwright.config.ts starts tests/support/mail-server.ts).
const mailVars = process.env.E2E_MAIL_API_URL
  ? ["MAIL_TRANSPORT:http", `MAIL_API_URL:${process.env.E2E_MAIL_API_URL}`].flatMap((entry) => [
      "--var",
      entry,
    ])
  : [];
const persistTo = `.wrangler/e2e-${port}`;
// CLOUDFLARE_CF_FETCH_ENABLED=false: no request for Cloudflare's sample `request.cf` (README, first run).
const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  CI: "true",
  WRANGLER_PERSIST_TO: persistTo,
};

rmSync(persistTo, { recursive: true, force: true });
const migrate = spawnSync("node", ["scripts/db-migrate.mjs"], { stdio: "inherit", env });
if (migrate.status !== 0) process.exit(migrate.status ?? 1);
const seed = spawnSync("node", ["scripts/content-import.mjs"], { stdio: "inherit", env });
if (seed.status !== 0) process.exit(seed.status ?? 1);

const server = spawn(
  "npx",
  [
    "wrangler",
    "dev",
    "-c",
    "build/server/wrangler.json",
    "--port",
    port,
    "--persist-to",
    persistTo,
    ...stripeVars,
    ...mailVars,
    // A children's data key of the tests' own (decision 054): the forms' health answers are sealed.
    "--var",
    `CHILD_DATA_KEYS:e2e-1:${Buffer.from("e2e-children-data-key-32-bytes!!").toString("base64")}`,
    // The site's own address: a passkey is bound to the origin in SITE_URL (decision 048).
    "--var",
    `SITE_URL:http://localhost:${port}`,
  ],
  { stdio: "inherit", env },
);
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"]))
  process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
