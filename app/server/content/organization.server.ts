import type { OrganizationFields } from "~/lib/content/entry-types";
import { phoneDisplay } from "~/lib/organization";
import { logInfo } from "../kernel/log.server";
import { listPublished } from "./entries.server";

/**
 * The organisation's facts (decision 028): legal name, EIN, contact details, office hours, social
 * profiles, founding year and the fundraising campaign. They are the one `organization` entry
 * staff edit at /admin/entries/organization, read through listPublished, so they are kept in the
 * isolate per content version and a page view costs no D1 query.
 *
 * Null when the entry is missing (a database the content import never filled) or no longer fits
 * its schema: pages then leave out what they do not know (no phone, no goal bar, no EIN line)
 * rather than show a stale or invented fact.
 */
export async function getOrganization(env: Pick<Env, "DB" | "CACHE">): Promise<OrganizationFields | null> {
  const [entry] = await listPublished(env, "organization");
  if (!entry) warnMissing();
  return entry?.fields ?? null;
}

let warned = false;
function warnMissing() {
  if (warned) return;
  warned = true;
  logInfo("organization facts missing: npm run content:import fills an empty database");
}

/**
 * The address (and phone, as written) that mail signs with and that replies go to: the
 * organisation's facts, the sender's address while they are missing.
 */
export async function organizationContact(
  env: Pick<Env, "DB" | "CACHE" | "MAIL_FROM">,
): Promise<{ email: string; phone: string }> {
  const facts = await getOrganization(env);
  return { email: facts?.email ?? env.MAIL_FROM, phone: facts ? phoneDisplay(facts.phone) : "" };
}
