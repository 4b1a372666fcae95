import { readFileSync } from "node:fs";
import type { OrganizationFields } from "../../app/lib/content/entry-types";

/** The organisation's facts the e2e database starts from (scripts/content/seed.json, decision 028). */
export const SEED_FACTS = (
  JSON.parse(readFileSync(new URL("../../scripts/content/seed.json", import.meta.url), "utf8")) as {
    type: string;
    fields: unknown;
  }[]
).find((entry) => entry.type === "organization")!.fields as OrganizationFields;
