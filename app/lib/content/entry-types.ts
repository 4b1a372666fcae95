import * as v from "valibot";
import { e164, phoneDisplay } from "../organization";
import { newYorkTimeToUtc } from "../format";
import {
  CONTENT_STATUSES,
  PARTNER_KINDS,
  PROGRAM_BADGES,
  PROGRAM_IDS,
  PROSPECT_STATUSES,
  TEAM_GROUPS,
  type ContentStatus,
} from "../vocabulary";

/**
 * The site's content that staff edit (decision 020): each type is a list of typed fields, and
 * the fields make both the valibot schema (shared by the editor in the browser and the server)
 * and the editor's inputs. A bilingual field is stored as `{ en, es }`; Spanish may be missing
 * while English is required, and the public page shows English until Spanish is written.
 * Messages are translation keys ("ns:key|{params}"), shown by translateFieldError.
 */

export { CONTENT_STATUSES, type ContentStatus } from "../vocabulary";

export const EVENT_CATEGORIES = ["community", "athletics", "education", "volunteer", "fundraiser"] as const;
export const POST_CATEGORIES = ["news", "families", "mentoring"] as const;
export const JOB_DEPARTMENTS = ["programs", "education", "athletics", "development", "community"] as const;
export const JOB_TYPES = ["fullTime", "partTime", "seasonal"] as const;
export const STORY_PROGRAMS = ["education", "athletics", "mentorship"] as const;

const REQUIRED = "common:forms.required";
const tooLong = (max: number) => `common:forms.tooLong|${JSON.stringify({ max })}`;

/** Form text: trimmed; an empty input (which conform reads as absent) is "". */
const text = (max: number, required: boolean): v.GenericSchema<string | undefined, string> => {
  const base = v.pipe(
    v.optional(v.string()),
    v.transform((value) => value ?? ""),
    v.trim(),
    v.maxLength(max, tooLong(max)),
  );
  return required ? v.pipe(base, v.minLength(1, REQUIRED)) : base;
};

/** `adminOnly`: staff see the value, only an admin changes it (the legal name and EIN, decision 028). */
type FieldBase = { label: string; required?: boolean; adminOnly?: boolean };
/**
 * One field. `text`/`lines`/`markdown` are bilingual; `lines` holds one item a line;
 * `markdown` the safe subset of app/lib/content/markdown.tsx. `file` is an upload from
 * /admin/files by its key (a PDF or an image; its size and alt text live with the upload,
 * decision 021); `year` a four-digit year. `email`, `phone` (stored as E.164, "+12125550142"),
 * `url` (https only) and `ein` (NN-NNNNNNN) are the organisation's facts (decision 028).
 */
export type FieldSpec =
  | (FieldBase & { kind: "text" | "lines" | "markdown"; max: number })
  | (FieldBase & {
      kind: "date" | "time" | "cents" | "count" | "year" | "plain" | "email" | "phone" | "url" | "ein";
      max?: number;
    })
  | (FieldBase & { kind: "choice"; options: readonly string[] })
  | (FieldBase & { kind: "file"; accept: FileAccept });

/** What a file field takes: a PDF or an image (JPEG, PNG, WebP). */
export type FileAccept = "pdf" | "image";
/** An upload's key (app/server/files/files.server.ts): the SHA-256 of its bytes and its extension. */
export const FILE_KEY_PATTERNS: Record<FileAccept, RegExp> = {
  pdf: /^[0-9a-f]{64}\.pdf$/,
  image: /^[0-9a-f]{64}\.(?:jpg|png|webp)$/,
};
/** Whether a stored value is an upload's key, of either kind. */
export const isUploadKey = (value: unknown): value is string =>
  typeof value === "string" && Object.values(FILE_KEY_PATTERNS).some((pattern) => pattern.test(value));

/** A field that is written in both languages: stored as `{ en, es }`, posted as `name_en`, `name_es`. */
export function isBilingual(
  spec: FieldSpec,
): spec is Extract<FieldSpec, { kind: "text" | "lines" | "markdown" }> {
  return spec.kind === "text" || spec.kind === "lines" || spec.kind === "markdown";
}

function fieldSchema(spec: Exclude<FieldSpec, { kind: "text" | "lines" | "markdown" }>) {
  const required = spec.required ?? false;
  switch (spec.kind) {
    case "plain":
      return text(spec.max ?? 200, required);
    case "date":
      return v.pipe(
        text(10, required),
        v.check((value) => value === "" || isCalendarDate(value), "admin:entries.errors.date"),
      );
    case "time":
      // Typed as staff write it ("10am", "6:30 PM", "10:00 p. m.", "22:00"), stored as "HH:MM".
      return v.pipe(
        text(16, required),
        v.check((value) => value === "" || parseClockTime(value) !== null, "admin:entries.errors.time"),
        v.transform((value) => (value === "" ? "" : parseClockTime(value)!)),
      );
    case "cents":
      // Typed in dollars ("150" or "25.50"), stored in cents (decision 005); empty is 0.
      return v.pipe(
        text(12, required),
        // "50,000" as US thousands; "25,50" is not read as 2,550.
        v.transform((value) =>
          /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(value) ? value.replace(/,/g, "") : value,
        ),
        v.regex(/^$|^\d{1,7}(\.\d{1,2})?$/, "common:forms.invalidNumber"),
        // A required amount (the campaign goal) is more than nothing.
        v.check((value) => !required || Number(value) > 0, "common:forms.invalidNumber"),
        v.transform((value) => (value === "" ? 0 : Math.round(Number(value) * 100))),
      );
    case "count":
      // A whole number; empty means none (no limit).
      return v.pipe(
        text(6, false),
        v.regex(/^\d*$/, "common:forms.invalidNumber"),
        v.transform((value) => (value === "" ? null : Number(value))),
      );
    case "choice":
      return v.pipe(
        text(60, true),
        v.picklist(spec.options as readonly string[], "common:forms.invalidChoice"),
      );
    case "year":
      return v.pipe(
        text(4, required),
        v.regex(/^$|^(?:19|20|21)\d{2}$/, "admin:entries.errors.year"),
        v.transform((value) => (value === "" ? null : Number(value))),
      );
    case "email":
      return v.pipe(
        text(254, required),
        v.check((value) => value === "" || v.is(EMAIL, value), "common:forms.invalidEmail"),
      );
    case "phone":
      // Typed as people write it ("(212) 555-0142", "+1 212 555 0142"), stored as E.164.
      return v.pipe(
        text(30, required),
        v.check((value) => value === "" || e164(value) !== null, "admin:entries.errors.phone"),
        v.transform((value) => (value === "" ? "" : e164(value)!)),
      );
    case "url":
      return v.pipe(
        text(spec.max ?? 300, required),
        v.check((value) => value === "" || isHttpsUrl(value), "admin:entries.errors.url"),
      );
    case "ein":
      return v.pipe(text(10, required), v.regex(/^$|^\d{2}-\d{7}$/, "admin:entries.errors.ein"));
    case "file":
      return v.pipe(
        text(80, required),
        v.check(
          (value) => value === "" || FILE_KEY_PATTERNS[spec.accept].test(value),
          `admin:entries.errors.${spec.accept}`,
        ),
      );
  }
}

const EMAIL = v.pipe(v.string(), v.email());

/**
 * A wall-clock time as people type it, in English or Spanish, as the one stored form "HH:MM"
 * (24 hours, what the pages format with formatClockTime): "22:00", "9:30", "10am", "10:00 AM",
 * "6.30 pm", "10 a. m.", "10:00 p.m."; with AM/PM the hour is 1 to 12. Anything else is null.
 * Spaces of every kind go first, so a time copied from the site ("6:30\u202fPM") is read too.
 */
export function parseClockTime(input: string): string | null {
  const compact = input.toLowerCase().replace(/[\s\u00a0\u202f]+/g, "");
  const match = /^(\d{1,2})(?:[:.h](\d{2}))?(?:(a|p)\.?m\.?)?$/.exec(compact);
  if (!match) return null;
  const [, hourText, minuteText = "00", half] = match;
  const [hour, minute] = [Number(hourText), Number(minuteText)];
  if (minute > 59) return null;
  if (half ? hour < 1 || hour > 12 : hour > 23) return null;
  // Without AM/PM a bare hour needs its minutes ("10:00"), so "10" alone is not guessed at.
  if (!half && match[2] === undefined) return null;
  const hours24 = half ? (hour % 12) + (half === "p" ? 12 : 0) : hour;
  return `${String(hours24).padStart(2, "0")}:${minuteText}`;
}

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
}

function isCalendarDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Bilingual text as stored: English always, Spanish when written. */
export type Bilingual = { en: string; es: string };

type Def = {
  /** The field whose value orders the list (a yyyy-mm-dd date), if any. */
  sortField?: string;
  /** Exactly one entry, always published: no "New", no status (the organisation's facts, decision 028). */
  singleton?: true;
  /** A field that must not come before another: its message sits on the later one. */
  ordered?: { from: string; to: string; message: string; allowEqual?: boolean };
  fields: Record<string, FieldSpec>;
};

/** A street address, the same four fields for an event's place and the organisation's office. */
const POSTAL_ADDRESS = {
  street: { kind: "plain", label: "street", required: true, max: 120 },
  city: { kind: "plain", label: "city", required: true, max: 60 },
  region: { kind: "plain", label: "region", required: true, max: 30 },
  postalCode: { kind: "plain", label: "postalCode", required: true, max: 10 },
} as const satisfies Record<string, FieldSpec>;

export const ENTRY_TYPES = {
  event: {
    sortField: "date",
    ordered: { from: "start", to: "end", message: "admin:entries.errors.endBeforeStart" },
    fields: {
      title: { kind: "text", label: "title", required: true, max: 120 },
      description: { kind: "text", label: "description", required: true, max: 600 },
      highlights: { kind: "lines", label: "highlights", max: 1000 },
      date: { kind: "date", label: "date", required: true },
      start: { kind: "time", label: "start", required: true },
      end: { kind: "time", label: "end", required: true },
      place: { kind: "text", label: "place", required: true, max: 120 },
      ...POSTAL_ADDRESS,
      priceCents: { kind: "cents", label: "price" },
      capacity: { kind: "count", label: "capacity" },
      // More seats than the site-wide cap per address, for a group behind one (decision 046).
      seatsPerAddress: { kind: "count", label: "seatsPerAddress" },
      // What one ticket gets (the gala's dinner): not deductible, stated on the receipt (decision 024).
      valueCents: { kind: "cents", label: "value" },
      valueDescription: { kind: "text", label: "valueDescription", max: 120 },
      category: { kind: "choice", label: "category", options: EVENT_CATEGORIES },
    },
  },
  post: {
    sortField: "date",
    fields: {
      title: { kind: "text", label: "title", required: true, max: 160 },
      excerpt: { kind: "text", label: "excerpt", required: true, max: 400 },
      body: { kind: "markdown", label: "body", required: true, max: 12_000 },
      date: { kind: "date", label: "date", required: true },
      author: { kind: "text", label: "author", required: true, max: 120 },
      category: { kind: "choice", label: "category", options: POST_CATEGORIES },
      cover: { kind: "file", label: "cover", accept: "image" },
    },
  },
  report: {
    sortField: "year",
    fields: {
      title: { kind: "text", label: "title", required: true, max: 200 },
      year: { kind: "year", label: "year", required: true },
      summary: { kind: "text", label: "summary", required: true, max: 1000 },
      // Empty until the PDF is uploaded: /reports says "not yet published".
      pdf: { kind: "file", label: "pdf", accept: "pdf" },
    },
  },
  member: {
    fields: {
      name: { kind: "plain", label: "name", required: true, max: 100 },
      role: { kind: "text", label: "role", required: true, max: 120 },
      bio: { kind: "text", label: "bio", required: true, max: 800 },
      group: { kind: "choice", label: "group", options: TEAM_GROUPS },
      position: { kind: "count", label: "position" },
      photo: { kind: "file", label: "photo", accept: "image" },
    },
  },
  job: {
    sortField: "posted",
    fields: {
      title: { kind: "text", label: "title", required: true, max: 120 },
      description: { kind: "text", label: "description", required: true, max: 600 },
      department: { kind: "choice", label: "department", options: JOB_DEPARTMENTS },
      employment: { kind: "choice", label: "employment", options: JOB_TYPES },
      posted: { kind: "date", label: "posted", required: true },
    },
  },
  program: {
    fields: {
      program: { kind: "choice", label: "program", options: PROGRAM_IDS },
      // Not "status": that name is the entry's own draft/published/archived.
      badge: { kind: "choice", label: "badge", options: PROGRAM_BADGES },
      // For "launching": the New York day it starts; from then on the badge reads "Active".
      startsOn: { kind: "date", label: "startsOn" },
    },
  },
  role: {
    fields: {
      title: { kind: "text", label: "title", required: true, max: 120 },
      subtitle: { kind: "text", label: "subtitle", max: 120 },
      description: { kind: "text", label: "description", required: true, max: 600 },
      commitment: { kind: "text", label: "commitment", max: 200 },
      schedule: { kind: "text", label: "schedule", max: 200 },
      skills: { kind: "text", label: "skills", max: 200 },
      requirements: { kind: "text", label: "requirements", max: 300 },
      impact: { kind: "text", label: "impact", max: 200 },
      spots: { kind: "count", label: "spots" },
      minAge: { kind: "count", label: "minAge" },
      position: { kind: "count", label: "position" },
    },
  },
  prospect: {
    fields: {
      name: { kind: "text", label: "name", required: true, max: 120 },
      contribution: { kind: "text", label: "contribution", required: true, max: 300 },
      kind: { kind: "choice", label: "partnerKind", options: PARTNER_KINDS },
      partnerStatus: { kind: "choice", label: "partnerStatus", options: PROSPECT_STATUSES },
      position: { kind: "count", label: "position" },
    },
  },
  story: {
    sortField: "published",
    fields: {
      title: { kind: "text", label: "title", required: true, max: 160 },
      person: { kind: "text", label: "person", required: true, max: 120 },
      text: { kind: "text", label: "story", required: true, max: 1500 },
      program: { kind: "choice", label: "program", options: STORY_PROGRAMS },
      published: { kind: "date", label: "published", required: true },
    },
  },
  // The organisation's facts (decision 028): one entry, read everywhere through getOrganization.
  organization: {
    singleton: true,
    ordered: {
      from: "campaignStart",
      to: "campaignEnd",
      message: "admin:entries.errors.campaignEndBeforeStart",
      allowEqual: true,
    },
    fields: {
      legalName: { kind: "plain", label: "legalName", required: true, max: 200, adminOnly: true },
      ein: { kind: "ein", label: "ein", required: true, adminOnly: true },
      email: { kind: "email", label: "email", required: true },
      // Stored as E.164; shown with phoneDisplay.
      phone: { kind: "phone", label: "phone", required: true },
      ...POSTAL_ADDRESS,
      officeHours: { kind: "lines", label: "officeHours", required: true, max: 600 },
      instagram: { kind: "url", label: "instagram" },
      facebook: { kind: "url", label: "facebook" },
      linkedin: { kind: "url", label: "linkedin" },
      youtube: { kind: "url", label: "youtube" },
      goalCents: { kind: "cents", label: "goal", required: true },
      // The campaign's first and last days in New York (yyyy-mm-dd), both included.
      campaignStart: { kind: "date", label: "campaignStart", required: true },
      campaignEnd: { kind: "date", label: "campaignEnd", required: true },
      foundingYear: { kind: "year", label: "foundingYear", required: true },
    },
  },
} as const satisfies Record<string, Def>;

export type ContentType = keyof typeof ENTRY_TYPES;
export const CONTENT_TYPES = Object.keys(ENTRY_TYPES) as ContentType[];

export function isContentType(value: unknown): value is ContentType {
  return typeof value === "string" && Object.hasOwn(ENTRY_TYPES, value);
}

function specsOf(type: ContentType) {
  return Object.entries(ENTRY_TYPES[type].fields as Record<string, FieldSpec>);
}

/**
 * The posted fields of a type, flat (`title_en`, `title_es`, `date` …): the post guard allows no dots.
 * `englishRequired` false leaves a required text's languages to `languagesToSave` (the editor).
 */
function flatEntries(type: ContentType, englishRequired = true): v.ObjectEntries {
  return Object.fromEntries(
    specsOf(type).flatMap(([name, spec]) =>
      isBilingual(spec)
        ? [
            [`${name}_en`, text(spec.max, englishRequired && (spec.required ?? false))],
            [`${name}_es`, text(spec.max, false)],
          ]
        : [[name, fieldSchema(spec)]],
    ),
  );
}

/**
 * What a required text needs before the editor saves (decision 049): a draft, either language
 * (the other may wait); a published entry, English, because the site shows English wherever
 * Spanish is missing. The message sits on the English input, which the summary names.
 */
function languagesToSave(type: ContentType): v.GenericValidation<Flat, Flat> {
  const required = specsOf(type)
    .filter(([, spec]) => isBilingual(spec) && spec.required)
    .map(([name]) => name);
  return v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const input = dataset.value as Flat;
    const draft = input.status === "draft";
    for (const name of required) {
      const [en, es] = [input[`${name}_en`], input[`${name}_es`]];
      if (en || (draft && es)) continue;
      const key = `${name}_en`;
      addIssue({
        message: draft ? "admin:entries.errors.oneLanguage" : "admin:entries.errors.englishToPublish",
        path: [{ type: "object", origin: "value", input, key, value: en }],
      });
    }
  }) as unknown as v.GenericValidation<Flat, Flat>;
}

/**
 * An address made from a title: lower case, accents dropped, words joined by hyphens
 * ("Winter Open House" → "winter-open-house", "Año nuevo" → "ano-nuevo"), at most 80 characters.
 */
export function slugFromTitle(title: string): string {
  return title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 80)
    .replace(/^-+|-+$/g, "");
}

/** The text an entry is named by: its title (or a partner's or member's name), English first. */
export function entryTitle(fields: Record<string, unknown>): string {
  const value = fields.title ?? fields.name;
  if (typeof value === "string") return value;
  const text = value as Partial<Bilingual> | undefined;
  return text?.en || text?.es || "";
}

/** Flat form values as stored fields: `title_en` and `title_es` become `title: { en, es }`. */
function nest(type: ContentType, flat: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    specsOf(type).map(([name, spec]) => [
      name,
      isBilingual(spec) ? { en: flat[`${name}_en`], es: flat[`${name}_es`] } : flat[name],
    ]),
  );
}

type Flat = Record<string, unknown>;

/** Whether a type has exactly one entry (decision 028). */
export function isSingleton(type: ContentType): boolean {
  return (ENTRY_TYPES[type] as Def).singleton === true;
}

/** An event ends after it starts; a campaign ends on or after the day it starts. The message sits on the end. */
function endAfterStart(type: ContentType): v.GenericValidation<Flat, Flat> {
  const order = (ENTRY_TYPES[type] as Def).ordered;
  return v.forward(
    v.check((input: Flat) => {
      if (!order || !input[order.from] || !input[order.to]) return true;
      const [from, to] = [String(input[order.from]), String(input[order.to])];
      return order.allowEqual ? to >= from : to > from;
    }, order?.message ?? ""),
    [order?.to ?? "end"] as never,
  ) as unknown as v.GenericValidation<Flat, Flat>;
}

const SLUG = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;

/** The types with a "publish on" moment (decision 053): what visitors find in lists, feeds and search by date. */
export const SCHEDULED_TYPES = ["post", "event", "job", "story", "report"] as const satisfies ContentType[];
export function isScheduled(type: ContentType): boolean {
  return (SCHEDULED_TYPES as readonly ContentType[]).includes(type);
}

/** A "publish on" time needs its date; a date alone means the start of that day in New York. */
const timeNeedsDate = v.forward(
  v.check((input: Flat) => !input.publishTime || Boolean(input.publishOn), "undo:schedule.timeWithoutDate"),
  ["publishOn"] as never,
) as unknown as v.GenericValidation<Flat, Flat>;

/** The "publish on" date and time as a UTC instant (ISO), or null for "as soon as it is published". */
function publishAtOf(type: ContentType, date: unknown, time: unknown): string | null {
  if (!isScheduled(type) || typeof date !== "string" || !date) return null;
  return newYorkTimeToUtc(date, typeof time === "string" && time ? time : "00:00").toISOString();
}

/** What the editor posts, once parsed: an empty slug is made from the title on save. */
export type EntryFormOutput = {
  slug: string;
  status: ContentStatus;
  fields: Flat;
  /** The staff member saw that another entry has this title on this date, and saves anyway. */
  sameTitleConfirmed: boolean;
  /** When a published entry starts to show (UTC ISO), or null: at once (decision 053). */
  publishAt: string | null;
};

/** The editor's form: slug, status and the type's fields, flat; its output nests the fields. */
export function entryFormSchema(type: ContentType): v.GenericSchema<Flat, EntryFormOutput> {
  const object = v.object({
    slug: v.pipe(
      text(80, false),
      v.check((value) => value === "" || SLUG.test(value), "admin:entries.errors.slug"),
    ),
    status: v.picklist(CONTENT_STATUSES, "common:forms.invalidChoice"),
    sameTitleConfirmed: v.optional(v.boolean(), false),
    // Typed as staff write them, in New York time (decision 053; the time as 049 reads it).
    publishOn: fieldSchema({ kind: "date", label: "publishOn" }),
    publishTime: fieldSchema({ kind: "time", label: "publishTime" }),
    ...flatEntries(type, false),
  }) as unknown as v.GenericSchema<Flat, Flat>;
  return v.pipe(
    object,
    languagesToSave(type),
    endAfterStart(type),
    timeNeedsDate,
    v.transform(({ slug, status, sameTitleConfirmed, publishOn, publishTime, ...rest }: Flat) => ({
      slug: slug as string,
      status: status as ContentStatus,
      sameTitleConfirmed: sameTitleConfirmed === true,
      publishAt: publishAtOf(type, publishOn, publishTime),
      fields: nest(type, rest),
    })),
  );
}

/** A type's fields alone (what a stored row is checked through again on every read). */
export function fieldsSchema(type: ContentType): v.GenericSchema<Flat, Flat> {
  const object = v.object(flatEntries(type)) as unknown as v.GenericSchema<Flat, Flat>;
  return v.pipe(
    object,
    endAfterStart(type),
    v.transform((flat: Flat) => nest(type, flat)),
  );
}

/**
 * Stored fields as the form's flat text (cents as dollars, "no limit" as empty): what the editor
 * starts from, and what a stored row is checked through again on every read.
 */
export function toFormValues(type: ContentType, fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    specsOf(type).flatMap(([name, spec]) => {
      const value = fields[name];
      if (isBilingual(spec)) {
        const text = (value ?? {}) as Partial<Bilingual>;
        return [
          [`${name}_en`, text.en ?? ""],
          [`${name}_es`, text.es ?? ""],
        ];
      }
      if (spec.kind === "cents")
        return [[name, typeof value === "number" && value ? String(value / 100) : ""]];
      if (spec.kind === "phone") return [[name, typeof value === "string" ? phoneDisplay(value) : ""]];
      if (spec.kind === "count" || spec.kind === "year")
        return [[name, typeof value === "number" ? String(value) : ""]];
      return [[name, value ?? ""]];
    }),
  );
}

/** Typed fields of each type, as the public pages read them. */
/** A field's stored value, as `fieldSchema` reads it from its kind. */
type ValueOf<Spec> = Spec extends { kind: "text" | "lines" | "markdown" }
  ? Bilingual
  : Spec extends { kind: "choice"; options: readonly (infer Option)[] }
    ? Option
    : Spec extends { kind: "cents" | "year" }
      ? number
      : Spec extends { kind: "count" }
        ? number | null
        : string;

/** Each type's stored fields, read from its field specs above: one list of facts, not two. */
export type FieldsOf = {
  [T in ContentType]: {
    -readonly [Name in keyof (typeof ENTRY_TYPES)[T]["fields"]]: ValueOf<
      (typeof ENTRY_TYPES)[T]["fields"][Name]
    >;
  };
};
export type OrganizationFields = FieldsOf["organization"];
export type ProgramFields = FieldsOf["program"];

/** A published entry as pages read it. */
export type Entry<T extends ContentType> = {
  id: string;
  slug: string;
  updatedAt: string;
  fields: FieldsOf[T];
};

/** The text of a bilingual field in a language: Spanish falls back to English until written. */
export function localized(value: Bilingual | undefined, locale: string): string {
  if (!value) return "";
  return (locale === "es" && value.es) || value.en;
}

/** An entry as one language reads it: each bilingual field is its text in that language. */
export type InLanguage<T extends ContentType> = Omit<Entry<T>, "fields"> & {
  fields: { [K in keyof FieldsOf[T]]: FieldsOf[T][K] extends Bilingual ? string : FieldsOf[T][K] };
};

function isBilingualValue(value: unknown): value is Bilingual {
  return typeof value === "object" && value !== null && typeof (value as Bilingual).en === "string";
}

/**
 * What a page sends the browser: the visitor's language of every text, never both (decision 030).
 * The pages' components then read plain strings and need nothing of this module at run time.
 */
export function inLanguage<T extends ContentType>(entry: Entry<T>, locale: string): InLanguage<T> {
  const fields = Object.fromEntries(
    Object.entries(entry.fields).map(([name, value]) => [
      name,
      isBilingualValue(value) ? localized(value, locale) : value,
    ]),
  );
  return { ...entry, fields } as InLanguage<T>;
}
