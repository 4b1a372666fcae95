import { fundraisingCampaign } from "~/content/figures";
import type { OrganizationFields } from "~/lib/content/entry-types";
import seed from "../../scripts/content/seed.json";

/** The organisation's facts every test database starts from (the seed's `organization` entry, decision 028). */
export const SEED_FACTS = seed.find((entry) => entry.type === "organization")!
  .fields as unknown as OrganizationFields;
export const SEED_CAMPAIGN = fundraisingCampaign(SEED_FACTS);
