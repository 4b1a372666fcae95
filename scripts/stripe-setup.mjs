// Creates or updates this site's Stripe webhook endpoint through Stripe's API, subscribed to
// exactly the events the webhook handles and in the API version the code reads
// (app/server/stripe/events.server.ts, decision 044). Usage:
//   STRIPE_SECRET_KEY=sk_live_… npm run stripe:setup [-- --site-url https://example.org]
// Without --site-url, SITE_URL from the environment, else from wrangler.toml's
// [env.production.vars]. STRIPE_API_BASE points it at another Stripe-compatible server (tests).
import { readFileSync } from "node:fs";
import Stripe from "stripe";
import {
  STRIPE_API_VERSION,
  stripeApiLocation,
  syncWebhookEndpoint,
} from "../app/server/stripe/events.server.ts";

/** SITE_URL of wrangler.toml's [env.production.vars] table, if it has one. */
function productionSiteUrl() {
  const toml = readFileSync(new URL("../wrangler.toml", import.meta.url), "utf8");
  const table = toml.split(/^\[/m).find((section) => section.startsWith("env.production.vars]"));
  return table?.match(/^SITE_URL\s*=\s*"([^"]+)"/m)?.[1];
}

function option(name) {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? undefined : process.argv[index + 1];
  return value && !value.startsWith("--") ? value : undefined;
}

function fail(message) {
  console.error(`stripe:setup: ${message}`);
  process.exit(1);
}

const secretKey = process.env.STRIPE_SECRET_KEY;
if (!secretKey) fail("set STRIPE_SECRET_KEY to the account's secret key (sk_live_… or sk_test_…).");
const siteUrl = option("site-url") ?? process.env.SITE_URL ?? productionSiteUrl();
if (!siteUrl) fail("give the site's address: --site-url https://example.org");
let parsed;
try {
  parsed = new URL(siteUrl);
} catch {
  fail(`"${siteUrl}" is not an address; give --site-url https://example.org`);
}
const local = ["localhost", "127.0.0.1"].includes(parsed.hostname);
if (parsed.protocol !== "https:" && !local) fail(`Stripe sends events to https only: ${siteUrl}`);

const stripe = new Stripe(secretKey, {
  apiVersion: STRIPE_API_VERSION,
  ...stripeApiLocation(process.env.STRIPE_API_BASE),
});
const { action, endpoint, secret, replacedId } = await syncWebhookEndpoint(stripe, siteUrl);
console.log(`Webhook endpoint ${endpoint.id} ${action}: ${endpoint.url}`);
console.log(`  API version ${endpoint.api_version}; ${endpoint.enabled_events.length} events:`);
for (const type of endpoint.enabled_events) console.log(`    ${type}`);
if (replacedId) console.log(`  It replaces ${replacedId}, whose API version was not ${STRIPE_API_VERSION}.`);
if (secret) {
  console.log("\nIts signing secret (Stripe shows it only now). Store it:");
  console.log(`  ${secret}`);
  console.log("  npx wrangler secret put STRIPE_WEBHOOK_SECRET --env production");
} else {
  console.log("\nIts signing secret is unchanged: STRIPE_WEBHOOK_SECRET stays as stored.");
}
