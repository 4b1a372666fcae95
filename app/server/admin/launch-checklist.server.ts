import { eq } from "drizzle-orm";
import type { OrganizationFields } from "~/lib/content/entry-types";
import { getOrganization } from "../content/organization.server";
import { getDb } from "../db/client.server";
import { outbox, stripeEvents } from "../db/schema";

/**
 * What keeps the site from being ready for the public, for the admin overview (decision 043).
 * Each item names the fix: a page of the back office, a provider's dashboard or a step of
 * docs/deploy.md. A ready site has none.
 */
export type LaunchItem =
  | { id: "organizationMissing" | "legalName" | "ein" | "contact" }
  | { id: "social"; networks: string[] }
  | { id: "stripeKey" | "stripeWebhook" | "mailLog" | "noMailDelivered" };

const SOCIAL_NETWORKS = ["instagram", "facebook", "linkedin", "youtube"] as const;

/**
 * The organisation's facts as `npm run content:import` writes them (scripts/content/seed.json):
 * examples, never a real nonprofit's. A fact still equal to its example has not been set. Loaded
 * only when an admin opens the overview, so the seed stays out of every other request's code.
 */
async function exampleFacts(): Promise<OrganizationFields | undefined> {
  const { default: seed } = await import("../../../scripts/content/seed.json");
  return seed.find((entry) => entry.type === "organization")?.fields as OrganizationFields | undefined;
}

function factItems(facts: OrganizationFields | null, examples: OrganizationFields | undefined): LaunchItem[] {
  if (!facts) return [{ id: "organizationMissing" }];
  const isExample = (key: keyof OrganizationFields) => facts[key] === examples?.[key];
  const items: LaunchItem[] = [];
  // Receipts (the IRS acknowledgement) and /donate print both (docs/product.md, decision 028).
  if (!facts.legalName.trim() || isExample("legalName")) items.push({ id: "legalName" });
  if (!facts.ein.trim() || isExample("ein")) items.push({ id: "ein" });
  if (isExample("email") || isExample("phone")) items.push({ id: "contact" });
  const networks = SOCIAL_NETWORKS.filter((network) => facts[network] && isExample(network));
  if (networks.length > 0) items.push({ id: "social", networks });
  return items;
}

/**
 * Whether Stripe ever reached the webhook and whether any mail was ever handed to the provider,
 * in one D1 round trip. The product takes no event from the mail provider (delivery reports), so
 * "delivered" is the outbox's own `sent` (decision 043).
 */
async function firstSigns(env: Pick<Env, "DB">) {
  const db = getDb(env);
  const [webhook, delivered] = await db.batch([
    db.select({ id: stripeEvents.id }).from(stripeEvents).limit(1),
    db.select({ id: outbox.id }).from(outbox).where(eq(outbox.status, "sent")).limit(1),
  ]);
  return { webhookReceived: webhook.length > 0, mailDelivered: delivered.length > 0 };
}

export async function launchChecklist(
  env: Pick<Env, "DB" | "CACHE" | "STRIPE_SECRET_KEY" | "MAIL_TRANSPORT">,
): Promise<LaunchItem[]> {
  const [facts, examples, signs] = await Promise.all([getOrganization(env), exampleFacts(), firstSigns(env)]);
  const items = factItems(facts, examples);
  if (!env.STRIPE_SECRET_KEY) items.push({ id: "stripeKey" });
  else if (!signs.webhookReceived) items.push({ id: "stripeWebhook" });
  if (env.MAIL_TRANSPORT === "log") items.push({ id: "mailLog" });
  else if (!signs.mailDelivered) items.push({ id: "noMailDelivered" });
  return items;
}
