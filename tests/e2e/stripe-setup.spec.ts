import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { BASE_URL, STRIPE_ORIGIN } from "../../playwright.config";
import { HANDLED_STRIPE_EVENTS, STRIPE_API_VERSION } from "../../app/server/stripe/events.server.ts";
import { TEST_SECRET_KEY } from "../support/stripe-server";

/**
 * `npm run stripe:setup` as a volunteer runs it (README, Donations), against the local
 * Stripe-compatible server that playwright.config.ts starts.
 */

function stripeSetup(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ["scripts/stripe-setup.mjs", ...args], {
    encoding: "utf8",
    env: { ...process.env, STRIPE_SECRET_KEY: TEST_SECRET_KEY, STRIPE_API_BASE: STRIPE_ORIGIN, ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

test("creates the webhook endpoint, prints its secret once, and says so when nothing changed", async ({
  request,
}) => {
  const site = `${BASE_URL}/`;
  const first = stripeSetup(["--site-url", site]);
  expect(first.stderr).toBe("");
  expect(first.status).toBe(0);
  expect(first.stdout).toContain(`created: ${BASE_URL}/api/v1/stripe/webhook`);
  expect(first.stdout).toContain(`API version ${STRIPE_API_VERSION}; 15 events:`);
  expect(first.stdout).toMatch(
    /Store it:\n {2}whsec_\w+\n {2}npx wrangler secret put STRIPE_WEBHOOK_SECRET --env production/,
  );

  const listed = await request.get(`${STRIPE_ORIGIN}/v1/webhook_endpoints`, {
    headers: { Authorization: `Bearer ${TEST_SECRET_KEY}` },
  });
  const endpoints = (
    (await listed.json()) as { data: { url: string; api_version: string; enabled_events: string[] }[] }
  ).data.filter((endpoint) => endpoint.url === `${BASE_URL}/api/v1/stripe/webhook`);
  expect(endpoints).toEqual([
    expect.objectContaining({ api_version: STRIPE_API_VERSION, enabled_events: [...HANDLED_STRIPE_EVENTS] }),
  ]);

  const again = stripeSetup(["--site-url", site]);
  expect(again.status).toBe(0);
  expect(again.stdout).toContain("unchanged");
  expect(again.stdout).toContain("Its signing secret is unchanged: STRIPE_WEBHOOK_SECRET stays as stored.");
  expect(again.stdout).not.toMatch(/whsec_/);
});

test("refuses, with one line saying why, a missing key and an address Stripe cannot send to", () => {
  const noKey = stripeSetup(["--site-url", "https://example.org"], { STRIPE_SECRET_KEY: "" });
  expect(noKey.status).toBe(1);
  expect(noKey.stderr.trim()).toBe(
    "stripe:setup: set STRIPE_SECRET_KEY to the account's secret key (sk_live_… or sk_test_…).",
  );
  const plainHttp = stripeSetup(["--site-url", "http://example.org"]);
  expect(plainHttp.status).toBe(1);
  expect(plainHttp.stderr.trim()).toBe("stripe:setup: Stripe sends events to https only: http://example.org");
});
