import { sql } from "drizzle-orm";
import { parsePostedFields } from "~/lib/forms/field-validation";
import type { GiftMethod } from "~/lib/vocabulary";
import { donations } from "../db/schema";
import { LOCALE_WORDS, normaliseHeader, type ImportSpec } from "../imports/spec.server";
import { offlineGiftRow, OfflineGiftSchema, type OfflineGiftInput } from "./offline.server";

/**
 * Gifts imported from a spreadsheet: a bank's, a donor-advised fund's or a giving platform's CSV
 * (docs/decisions/056-every-gift-counted.md, 069-imports.md). Each row is checked by the same rule
 * as the "record a gift" form, and each has a key (its reference, or its date, amount, donor and
 * cheque) that is unique in the ledger, so a re-upload, or the same gift in two files, is
 * recorded once. No receipt is sent.
 */

/** How files write a method, normalised as headers are, to ours. */
const METHOD_WORDS: Record<string, Exclude<GiftMethod, "online">> = {
  check: "check",
  cheque: "check",
  cash: "cash",
  banktransfer: "bank_transfer",
  transfer: "bank_transfer",
  ach: "bank_transfer",
  wire: "bank_transfer",
  eft: "bank_transfer",
  stock: "stock",
  securities: "stock",
  daf: "daf",
  donoradvisedfund: "daf",
  inkind: "in_kind",
};

/** A date as banks write it, as the form's YYYY-MM-DD: ISO (a time after it dropped) or US M/D/YYYY. */
function isoDate(text: string): string {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (us) return `${us[3]}-${us[1]!.padStart(2, "0")}-${us[2]!.padStart(2, "0")}`;
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ].*)?$/.exec(text);
  return iso ? iso[1]! : text;
}

export const giftsImport: ImportSpec<OfflineGiftInput> = {
  // The "record a gift" form's names, so a row's messages name the same fields.
  fields: [
    "receivedOn",
    "amount",
    "donorEmail",
    "donorName",
    "firstName",
    "lastName",
    "method",
    "checkNumber",
    "dafSponsor",
    "designation",
    "inKindDescription",
    "note",
    "locale",
    "reference",
  ],
  names: {
    receivedOn: [
      "date",
      "received",
      "receivedon",
      "datereceived",
      "giftdate",
      "transactiondate",
      "posteddate",
    ],
    amount: ["amount", "giftamount", "donationamount", "total", "grossamount"],
    donorEmail: ["email", "emailaddress", "donoremail"],
    donorName: ["name", "donorname", "fullname", "donor"],
    firstName: ["firstname", "givenname"],
    lastName: ["lastname", "surname", "familyname"],
    method: ["method", "paymentmethod", "paymenttype"],
    checkNumber: ["checknumber", "checkno", "chequenumber", "chequeno"],
    dafSponsor: ["dafsponsor", "sponsor", "fundsponsor"],
    designation: ["designation", "purpose"],
    inKindDescription: ["inkinddescription", "description", "itemdescription"],
    note: ["note", "notes", "memo"],
    locale: ["language", "locale", "lang"],
    reference: ["reference", "ref", "referenceid", "transactionid", "confirmationnumber"],
  },
  missing: (mapped) => [
    ...["receivedOn", "amount", "donorEmail"].filter((field) => !mapped.has(field)),
    ...(mapped.has("donorName") || mapped.has("lastName") ? [] : ["donorName"]),
  ],
  read(cell, { giftMethod }) {
    const methodText = normaliseHeader(cell("method"));
    const localeText = normaliseHeader(cell("locale"));
    const result = parsePostedFields(OfflineGiftSchema, {
      method: methodText ? (METHOD_WORDS[methodText] ?? methodText) : (giftMethod ?? ""),
      receivedOn: isoDate(cell("receivedOn")),
      amount: cell("amount"),
      donorEmail: cell("donorEmail"),
      donorName: cell("donorName") || [cell("firstName"), cell("lastName")].filter(Boolean).join(" "),
      locale: localeText ? (LOCALE_WORDS[localeText] ?? localeText) : "en",
      designation: cell("designation"),
      note: cell("note"),
      checkNumber: cell("checkNumber"),
      dafSponsor: cell("dafSponsor"),
      inKindDescription: cell("inKindDescription"),
      // No receipt is sent for an imported gift: these donors were thanked when they gave.
      sendReceipt: "",
    });
    if (!result.ok) return { ok: false, reasons: result.errors };
    const gift = result.value;
    const reference = cell("reference");
    // A bank's or platform's reference names one payment; without one, a gift is its day, sum, donor,
    // cheque and description, not its method, which the file may leave to the choice made at upload.
    const key = reference
      ? `ref|${reference}|${gift.donorEmail}`
      : [
          gift.receivedOn,
          gift.amountCents,
          gift.donorEmail,
          gift.checkNumber ?? "",
          gift.inKindDescription ?? "",
        ].join("|");
    return {
      ok: true,
      key,
      label: `${gift.receivedOn} · ${gift.donorName} <${gift.donorEmail}>`,
      amountCents: gift.amountCents,
      value: gift,
    };
  },
  async existing(db, keys) {
    if (keys.length === 0) return new Set();
    const rows = await db
      .select({ key: donations.importKey })
      .from(donations)
      .where(sql`${donations.importKey} in (select value from json_each(${JSON.stringify(keys)}))`);
    return new Set(rows.map((row) => row.key ?? ""));
  },
  whenExisting: { outcome: "skip", reason: "imports:reasons.recorded" },
  table: donations,
  rows: (values, recordedBy) =>
    values.map(({ key, value }) => offlineGiftRow({ id: recordedBy }, value, crypto.randomUUID(), key)),
};
