import { inArray, sql } from "drizzle-orm";
import * as v from "valibot";
import {
  fieldErrors,
  formSchema,
  LENGTH,
  optionalPhone,
  optionalText,
  requiredChoice,
  requiredEmail,
  requiredText,
} from "~/lib/forms/field-validation";
import type { ImportKind } from "~/lib/imports";
import type { Db } from "../db/client.server";
import { contacts, subscribers, volunteers } from "../db/schema";
import { giftsImport } from "../donations/import.server";
import {
  importKind,
  LOCALE_WORDS,
  normaliseHeader,
  personName,
  type ImportSpec,
  type ReadRow,
} from "./spec.server";

/**
 * The people an import brings in besides gifts (docs/decisions/069-imports.md): contacts,
 * newsletter subscribers and volunteers, each matched by e-mail (trimmed, lower-cased) to the one
 * already there, which the import leaves as it is.
 */

const EMAIL_NAMES = ["email", "emailaddress", "correo", "correoelectronico"] as const;
const NAME_NAMES = ["name", "fullname", "contactname", "nombre"] as const;
const FIRST_NAMES = ["firstname", "givenname"] as const;
const LAST_NAMES = ["lastname", "surname", "familyname", "apellido"] as const;
const PHONE_NAMES = ["phone", "phonenumber", "telephone", "mobile", "cell", "telefono"] as const;
const LOCALE_NAMES = ["language", "locale", "lang", "idioma"] as const;

/** A language cell as ours: English when the file says nothing. */
const localeOf = (text: string) => {
  const word = normaliseHeader(text);
  return word ? (LOCALE_WORDS[word] ?? word) : "en";
};

/** The rows of a file this schema accepts, or each field's message. */
function readWith<S extends v.GenericSchema<Record<string, string>, Record<string, unknown>>>(
  schema: S,
  fields: Record<string, string>,
): { ok: true; value: v.InferOutput<S> } | { ok: false; reasons: Record<string, string> } {
  // An empty cell is an absent answer, as a field the form leaves blank.
  const given = Object.fromEntries(Object.entries(fields).filter(([, text]) => text !== ""));
  const parsed = v.safeParse(schema, given);
  return parsed.success
    ? { ok: true, value: parsed.output }
    : { ok: false, reasons: fieldErrors(parsed.issues) };
}

/** A person's row, known by their address and shown as "Name <address>" in the preview. */
function keyedByEmail<Person extends { email: string; name: string }>(
  read: { ok: true; value: Person } | { ok: false; reasons: Record<string, string> },
): ReadRow<Person> {
  if (!read.ok) return read;
  return {
    ok: true,
    key: read.value.email,
    label: `${read.value.name} <${read.value.email}>`,
    value: read.value,
  };
}

/** The e-mails among `keys` already in `column`'s table: one query, the keys one JSON parameter. */
function emailsIn(table: typeof contacts | typeof subscribers | typeof volunteers) {
  return async (db: Db, keys: string[]) => {
    if (keys.length === 0) return new Set<string>();
    const rows = await db
      .select({ email: table.email })
      .from(table)
      .where(inArray(table.email, sql`(select value from json_each(${JSON.stringify(keys)}))`));
    return new Set(rows.map((row) => row.email));
  };
}

const ContactRowSchema = formSchema({
  email: requiredEmail(),
  name: requiredText(LENGTH.name),
  phone: v.pipe(
    optionalPhone(),
    v.transform((text) => text || null),
  ),
  organization: v.pipe(
    optionalText(LENGTH.short),
    v.transform((text) => text || null),
  ),
  locale: requiredChoice(["en", "es"] as const),
  note: v.pipe(
    optionalText(LENGTH.long),
    v.transform((text) => text || null),
  ),
});
type ContactRow = v.InferOutput<typeof ContactRowSchema>;

const contactsImport: ImportSpec<ContactRow> = {
  fields: ["email", "name", "firstName", "lastName", "phone", "organization", "locale", "note"],
  names: {
    email: EMAIL_NAMES,
    name: NAME_NAMES,
    firstName: FIRST_NAMES,
    lastName: LAST_NAMES,
    phone: PHONE_NAMES,
    organization: ["organization", "organisation", "company", "employer", "org"],
    locale: LOCALE_NAMES,
    note: ["note", "notes", "memo", "comments"],
  },
  missing: (mapped) => [
    ...(mapped.has("email") ? [] : ["email"]),
    ...(mapped.has("name") || mapped.has("lastName") ? [] : ["name"]),
  ],
  read(cell): ReadRow<ContactRow> {
    const read = readWith(ContactRowSchema, {
      email: cell("email"),
      name: personName(cell),
      phone: cell("phone"),
      organization: cell("organization"),
      locale: localeOf(cell("locale")),
      note: cell("note"),
    });
    return keyedByEmail(read);
  },
  existing: emailsIn(contacts),
  whenExisting: { outcome: "match" },
  table: contacts,
  rows: (values) => values.map(({ value }) => ({ id: crypto.randomUUID(), ...value })),
};

/**
 * What a consent cell says yes with, normalised as headers are. Anything else (no, false, a
 * blank) is no: a subscriber is imported only with the consent the file records (decision 069).
 */
const CONSENT_WORDS = new Set([
  "yes",
  "y",
  "true",
  "1",
  "x",
  "si",
  "agreed",
  "consented",
  "optin",
  "optedin",
  "subscribed",
  "confirmed",
]);

const SubscriberRowSchema = formSchema({
  email: requiredEmail(),
  locale: requiredChoice(["en", "es"] as const),
  consent: v.pipe(
    v.optional(v.string(), ""),
    v.check((text) => CONSENT_WORDS.has(normaliseHeader(text)), "imports:reasons.noConsent"),
  ),
});
type SubscriberRow = v.InferOutput<typeof SubscriberRowSchema>;

const subscribersImport: ImportSpec<SubscriberRow> = {
  fields: ["email", "locale", "consent"],
  names: {
    email: EMAIL_NAMES,
    locale: LOCALE_NAMES,
    consent: [
      "consent",
      "consented",
      "optin",
      "optedin",
      "emailoptin",
      "subscribed",
      "agreed",
      "marketingconsent",
    ],
  },
  // Without a column saying each person agreed, no row could be imported (decision 069).
  missing: (mapped) => ["email", "consent"].filter((field) => !mapped.has(field)),
  read(cell): ReadRow<SubscriberRow> {
    const read = readWith(SubscriberRowSchema, {
      email: cell("email"),
      locale: localeOf(cell("locale")),
      consent: cell("consent"),
    });
    if (!read.ok) return read;
    return { ok: true, key: read.value.email, label: read.value.email, value: read.value };
  },
  existing: emailsIn(subscribers),
  whenExisting: { outcome: "match" },
  table: subscribers,
  // Confirmed at once, with no confirmation e-mail: the file records their consent, and nothing is sent during an import.
  rows: (values) => {
    const now = new Date().toISOString();
    return values.map(({ value }) => ({
      id: crypto.randomUUID(),
      email: value.email,
      locale: value.locale,
      status: "confirmed",
      source: "import",
      confirmedAt: now,
    }));
  },
};

const VolunteerRowSchema = formSchema({
  email: requiredEmail(),
  name: requiredText(LENGTH.name),
  phone: v.pipe(
    optionalPhone(),
    v.transform((text) => text || null),
  ),
  locale: requiredChoice(["en", "es"] as const),
});
type VolunteerRow = v.InferOutput<typeof VolunteerRowSchema>;

const volunteersImport: ImportSpec<VolunteerRow> = {
  fields: ["email", "name", "firstName", "lastName", "phone", "locale"],
  names: {
    email: EMAIL_NAMES,
    name: NAME_NAMES,
    firstName: FIRST_NAMES,
    lastName: LAST_NAMES,
    phone: PHONE_NAMES,
    locale: LOCALE_NAMES,
  },
  missing: contactsImport.missing,
  read(cell): ReadRow<VolunteerRow> {
    const read = readWith(VolunteerRowSchema, {
      email: cell("email"),
      name: personName(cell),
      phone: cell("phone"),
      locale: localeOf(cell("locale")),
    });
    return keyedByEmail(read);
  },
  existing: emailsIn(volunteers),
  whenExisting: { outcome: "match" },
  table: volunteers,
  rows: (values) => values.map(({ value }) => ({ id: crypto.randomUUID(), ...value })),
};

export const IMPORT_SPECS: { [Kind in ImportKind]: ImportSpec<unknown> } = {
  gifts: importKind(giftsImport),
  contacts: importKind(contactsImport),
  subscribers: importKind(subscribersImport),
  volunteers: importKind(volunteersImport),
};

/** Each column's field as the loose matching suggests it: the first of our fields whose names include the header. */
export function suggestMapping(kind: ImportKind, headers: readonly string[]): string[] {
  const spec = IMPORT_SPECS[kind];
  const taken = new Set<string>();
  return headers.map((header) => {
    const name = normaliseHeader(header);
    const field = spec.fields.find(
      (candidate) => !taken.has(candidate) && spec.names[candidate]?.includes(name),
    );
    if (field) taken.add(field);
    return field ?? "";
  });
}
