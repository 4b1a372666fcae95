// What `npm run deploy` refuses to send to Cloudflare (docs/deploy.md; decision 043). Pure, with no
// Node API: scripts/deploy.mjs runs it on Wrangler's own reading of wrangler.toml's production
// environment and the names `wrangler secret list` prints, tests/worker/deploy-config.test.ts on the
// committed settings.

/**
 * The part of a Wrangler configuration (as `unstable_readConfig` resolves it for one environment,
 * the same reading the Vite plugin flattens into build/server/wrangler.json) the check reads.
 * @typedef {{
 *   name?: string;
 *   vars: Record<string, unknown>;
 *   d1_databases: { binding: string; database_id?: string }[];
 *   kv_namespaces: { binding: string; id?: string }[];
 *   r2_buckets: { binding: string; bucket_name?: string }[];
 *   triggers: { crons?: string[] };
 *   send_email: { name: string }[];
 * }} DeploySettings
 */

/**
 * The Worker's secrets as `wrangler secret list` names them, or why they could not be listed.
 * @typedef {{ names: string[] } | { error: string }} SecretList
 */

/** Secrets without which a deployed site loses mail links, money events or children's records (app/server/kernel/env.d.ts). */
export const REQUIRED_SECRETS = [
  "LINK_SIGNING_SECRET",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  // Children's health records cannot be written or read without it (decision 054).
  "CHILD_DATA_KEYS",
];

/** Values that must never be written in wrangler.toml, which is committed. */
const SECRET_NAMES = [...REQUIRED_SECRETS, "MAIL_API_KEY", "TURNSTILE_SECRET_KEY"];

const MAIL_TRANSPORTS = ["http", "cloudflare", "log"];

/**
 * Copies what the check reads out of a resolved Wrangler configuration (a plain object, so vitest
 * can hand it from Node to the worker tests).
 * @param {DeploySettings} config
 * @returns {DeploySettings}
 */
export function deploySettings(config) {
  return {
    name: config.name,
    vars: { ...config.vars },
    d1_databases: config.d1_databases.map(({ binding, database_id }) => ({ binding, database_id })),
    kv_namespaces: config.kv_namespaces.map(({ binding, id }) => ({ binding, id })),
    r2_buckets: config.r2_buckets.map(({ binding, bucket_name }) => ({ binding, bucket_name })),
    triggers: { crons: [...(config.triggers.crons ?? [])] },
    send_email: config.send_email.map(({ name }) => ({ name })),
  };
}

/** An id Wrangler's examples and this repository use before the real one is filled in. */
const isPlaceholderId = (/** @type {string | undefined} */ id) => !id || /^[0-]+$/.test(id);

// RFC 2606 reserves these for examples: nobody receives mail there and no site lives there.
const isExampleDomain = (/** @type {string} */ host) =>
  /(^|\.)example\.(org|com|net)$/i.test(host) || /\.(example|test|invalid|localhost)$/i.test(host);

const isLoopback = (/** @type {string} */ host) =>
  host === "localhost" ||
  host.endsWith(".localhost") ||
  /^127\./.test(host) ||
  host === "[::1]" ||
  host === "0.0.0.0";

/** @param {unknown} value */
const text = (value) => (typeof value === "string" ? value.trim() : "");

/**
 * One line per reason not to deploy these settings; none when they are ready.
 * @param {DeploySettings} settings
 * @param {SecretList} secrets
 * @returns {string[]}
 */
export function deployRefusals(settings, secrets) {
  /** @type {string[]} */
  const refusals = [];
  const vars = settings.vars;

  const database = settings.d1_databases.find((entry) => entry.binding === "DB");
  if (!database) refusals.push("D1: no database is bound as DB.");
  else if (isPlaceholderId(database.database_id))
    refusals.push(
      `D1: database_id is the placeholder "${database.database_id ?? ""}"; put the id printed by \`npx wrangler d1 create\`.`,
    );
  const cache = settings.kv_namespaces.find((entry) => entry.binding === "CACHE");
  if (!cache) refusals.push("KV: no namespace is bound as CACHE.");
  else if (isPlaceholderId(cache.id))
    refusals.push(
      `KV: the CACHE id is the placeholder "${cache.id ?? ""}"; put the id printed by \`npx wrangler kv namespace create\`.`,
    );
  if (!settings.r2_buckets.some((entry) => entry.binding === "FILES" && text(entry.bucket_name)))
    refusals.push("R2: no bucket is bound as FILES.");
  if (!settings.triggers.crons?.length)
    refusals.push("Cron: no Cron Trigger, so mail that failed once would never be sent again.");

  const siteUrl = text(vars.SITE_URL);
  const site = URL.canParse(siteUrl) ? new URL(siteUrl) : null;
  if (!site) refusals.push(`SITE_URL "${siteUrl}" is not an address.`);
  else if (isLoopback(site.hostname))
    refusals.push(
      `SITE_URL "${siteUrl}" is a local address: e-mailed links and canonical URLs would point at it.`,
    );
  else if (site.protocol !== "https:") refusals.push(`SITE_URL "${siteUrl}" is not https.`);
  else if (isExampleDomain(site.hostname))
    refusals.push(`SITE_URL "${siteUrl}" is a placeholder: put the site's public address.`);

  for (const name of ["TEAM_EMAIL", "MAIL_FROM", "INBOUND_EMAIL"]) {
    const address = text(vars[name]);
    const domain = address.split("@")[1] ?? "";
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address))
      refusals.push(`${name} "${address}" is not an e-mail address.`);
    else if (isExampleDomain(domain)) refusals.push(`${name} "${address}" is a placeholder address.`);
  }

  const listed = "names" in secrets ? new Set(secrets.names) : null;
  // A value is set when it is a plain var or a listed secret; while the list is unknown, only vars count.
  const isSet = (/** @type {string} */ name) => Boolean(text(vars[name])) || Boolean(listed?.has(name));

  const transport = text(vars.MAIL_TRANSPORT);
  if (transport === "log")
    refusals.push('MAIL_TRANSPORT is "log": mail would only be printed, never delivered.');
  else if (!MAIL_TRANSPORTS.includes(transport))
    refusals.push(`MAIL_TRANSPORT "${transport}" is none of ${MAIL_TRANSPORTS.join(", ")}.`);
  else if (transport === "cloudflare" && !settings.send_email.some((binding) => binding.name === "EMAIL"))
    refusals.push('MAIL_TRANSPORT is "cloudflare" but no [[send_email]] binding is named EMAIL.');
  else if (transport === "http" && listed) {
    for (const name of ["MAIL_API_URL", "MAIL_API_KEY"])
      if (!isSet(name)) refusals.push(`MAIL_TRANSPORT is "http" but ${name} is not set.`);
  }
  const mailApi = text(vars.MAIL_API_URL);
  if (mailApi && !mailApi.startsWith("https://")) refusals.push(`MAIL_API_URL "${mailApi}" is not https.`);

  for (const name of SECRET_NAMES)
    if (text(vars[name]))
      refusals.push(
        `${name} is written in wrangler.toml; a secret goes only through \`npx wrangler secret put\`.`,
      );
  if (isSet("STRIPE_API_BASE"))
    refusals.push("STRIPE_API_BASE is set: it sends Stripe calls to a test server; remove it.");

  if ("error" in secrets) {
    refusals.push(
      `Secrets: could not list them, so they are unchecked (${secrets.error}); sign in with npx wrangler login.`,
    );
  } else {
    for (const name of REQUIRED_SECRETS)
      if (!isSet(name))
        refusals.push(`Secret ${name} is missing: npx wrangler secret put ${name} --env production`);
    if (isSet("TURNSTILE_SITE_KEY") !== isSet("TURNSTILE_SECRET_KEY"))
      refusals.push("Turnstile needs both TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY, or neither.");
  }
  return refusals;
}
