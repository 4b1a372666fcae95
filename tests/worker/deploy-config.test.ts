import { describe, expect, inject, it } from "vitest";
import { deployRefusals, type DeploySettings } from "../../scripts/deploy/check.mjs";
import "../support/deploy-settings";

// `npm run deploy` refuses settings that would deploy as if local (docs/deploy.md, decision 043).
// The committed wrangler.toml comes from tests/support/deploy-settings-global-setup.ts, read by
// Wrangler as scripts/deploy.mjs reads it.
const { production, local } = inject("committedDeploySettings");

const ALL_SECRETS = {
  names: [
    "LINK_SIGNING_SECRET",
    "STRIPE_SECRET_KEY",
    "STRIPE_WEBHOOK_SECRET",
    "CHILD_DATA_KEYS",
    "MAIL_API_URL",
    "MAIL_API_KEY",
  ],
};

/** The committed production environment with every placeholder filled in, as a volunteer would. */
function filledIn(): DeploySettings {
  return {
    ...production,
    vars: {
      ...production.vars,
      SITE_URL: "https://www.youth.nyc",
      TEAM_EMAIL: "team@youth.nyc",
      MAIL_FROM: "hello@youth.nyc",
      INBOUND_EMAIL: "replies@youth.nyc",
    },
    d1_databases: [{ binding: "DB", database_id: "6a4e1c6f-3b0e-4b8d-9f0e-2d7c1a2b3c4d" }],
    kv_namespaces: [{ binding: "CACHE", id: "0f1e2d3c4b5a69788796a5b4c3d2e1f0" }],
  };
}

describe("npm run deploy's check", () => {
  it("refuses the committed production environment, one line per placeholder and per missing secret", () => {
    expect(production.name).toBe("youth-nonprofit-production");
    expect(deployRefusals(production, { names: [] })).toEqual([
      'D1: database_id is the placeholder "00000000-0000-0000-0000-000000000000"; put the id printed by `npx wrangler d1 create`.',
      'KV: the CACHE id is the placeholder "00000000000000000000000000000000"; put the id printed by `npx wrangler kv namespace create`.',
      'SITE_URL "https://www.example.org" is a placeholder: put the site\'s public address.',
      'TEAM_EMAIL "team@example.org" is a placeholder address.',
      'MAIL_FROM "hello@example.org" is a placeholder address.',
      'INBOUND_EMAIL "replies@example.org" is a placeholder address.',
      'MAIL_TRANSPORT is "http" but MAIL_API_URL is not set.',
      'MAIL_TRANSPORT is "http" but MAIL_API_KEY is not set.',
      "Secret LINK_SIGNING_SECRET is missing: npx wrangler secret put LINK_SIGNING_SECRET --env production",
      "Secret STRIPE_SECRET_KEY is missing: npx wrangler secret put STRIPE_SECRET_KEY --env production",
      "Secret STRIPE_WEBHOOK_SECRET is missing: npx wrangler secret put STRIPE_WEBHOOK_SECRET --env production",
      "Secret CHILD_DATA_KEYS is missing: npx wrangler secret put CHILD_DATA_KEYS --env production",
    ]);
  });

  it("refuses the local settings the old deploy shipped: log mail, a localhost address, zero ids", () => {
    const refusals = deployRefusals(local, ALL_SECRETS);
    expect(refusals).toContain(
      'SITE_URL "http://localhost:8787" is a local address: e-mailed links and canonical URLs would point at it.',
    );
    expect(refusals).toContain('MAIL_TRANSPORT is "log": mail would only be printed, never delivered.');
    expect(refusals.filter((line) => line.includes("is the placeholder"))).toHaveLength(2);
  });

  it("says plainly when the secrets could not be listed, and does not pass", () => {
    const refusals = deployRefusals(filledIn(), { error: "wrangler secret list failed: fetch failed" });
    expect(refusals).toEqual([
      "Secrets: could not list them, so they are unchecked (wrangler secret list failed: fetch failed); sign in with npx wrangler login.",
    ]);
  });

  it("passes the production environment once every placeholder and secret is filled in", () => {
    expect(deployRefusals(filledIn(), ALL_SECRETS)).toEqual([]);
  });

  it("refuses an http site address, a secret written in wrangler.toml, a test Stripe server and a half Turnstile", () => {
    const settings = filledIn();
    settings.vars = {
      ...settings.vars,
      SITE_URL: "http://www.youth.nyc",
      STRIPE_SECRET_KEY: "sk_live_123",
      STRIPE_API_BASE: "http://127.0.0.1:12111",
    };
    expect(deployRefusals(settings, { names: [...ALL_SECRETS.names, "TURNSTILE_SITE_KEY"] })).toEqual([
      'SITE_URL "http://www.youth.nyc" is not https.',
      "STRIPE_SECRET_KEY is written in wrangler.toml; a secret goes only through `npx wrangler secret put`.",
      "STRIPE_API_BASE is set: it sends Stripe calls to a test server; remove it.",
      "Turnstile needs both TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY, or neither.",
    ]);
  });

  it("refuses Cloudflare's mail binding when it is not declared, and a production without its Cron Trigger", () => {
    const settings = { ...filledIn(), triggers: { crons: [] } };
    settings.vars = { ...settings.vars, MAIL_TRANSPORT: "cloudflare" };
    expect(deployRefusals(settings, ALL_SECRETS)).toEqual([
      "Cron: no Cron Trigger, so mail that failed once would never be sent again.",
      'MAIL_TRANSPORT is "cloudflare" but no [[send_email]] binding is named EMAIL.',
    ]);
    expect(deployRefusals({ ...settings, send_email: [{ name: "EMAIL" }] }, ALL_SECRETS)).toEqual([
      "Cron: no Cron Trigger, so mail that failed once would never be sent again.",
    ]);
  });
});
