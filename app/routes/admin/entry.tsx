import type { TFunction } from "i18next";
import type { FieldMetadata } from "@conform-to/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader, Flash } from "~/components/admin/ui";
import {
  ConfirmDelete,
  DeleteEntryButton,
  EntryHistory,
  GonePanel,
  SlugCheck,
} from "~/components/admin/entry-history";
import { EventCard } from "~/components/content/event-card";
import { JobCard } from "~/components/content/job-card";
import { StoryCard } from "~/components/content/story-card";
import { RoleCard } from "~/components/content/role-card";
import { ProgramCard } from "~/components/pages/program-card";
import { PROGRAMS } from "~/content/programs";
import { PostArticle } from "~/components/content/post-article";
import {
  CheckboxField,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from "~/components/forms/fields";
import { PageForm, usePageForm } from "~/components/forms/form-kit";
import { DateTime } from "~/components/ui/format";
import { newYorkDate } from "~/lib/format";
import { OrganizationPreview } from "~/components/admin/organization-preview";
import {
  CONTENT_STATUSES,
  ENTRY_TYPES,
  entryFormSchema,
  entryTitle,
  inLanguage,
  isBilingual,
  isContentType,
  isScheduled,
  isSingleton,
  slugFromTitle,
  toFormValues,
  type ContentType,
  type Entry,
  type FieldSpec,
} from "~/lib/content/entry-types";
import { requireStaff } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { announceReport } from "~/server/admin/newsletters.server";
import { deleteEntry, getEntry, restoreVersion, saveEntry } from "~/server/content/editor.server";
import {
  listVersions,
  parseRedirect,
  publicPath,
  readGone,
  setGoneRedirect,
} from "~/server/content/versions.server";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import { newEntryFields, prepareEntry, type OtherEntry } from "~/server/content/entry-checks.server";
import { fileChoices, filesByKey, imagesByKey, type FileChoice } from "~/server/files/records.server";
import { parseFields } from "~/server/content/entries.server";
import { getInstance, getLocale } from "~/server/kernel/i18n.server";
import { parsePostedForm } from "~/server/page-form.server";
import type { Route } from "./+types/entry";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["admin", "undo", "events", "blog", "involve", "impact", "programs"] };
export const meta = adminMeta;

function contentType(params: { type?: string }): ContentType {
  if (!isContentType(params.type)) throw data(null, { status: 404 });
  return params.type;
}

/** /admin/entries/:type/:id (or `new`): the editor, English and Spanish side by side, and the preview. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  const type = contentType(args.params);
  // A singleton (the organisation's facts) has its one entry from the import, never a new one.
  if (args.params.id === "new" && isSingleton(type)) throw data(null, { status: 404 });
  const row = args.params.id === "new" ? null : await getEntry(env, type, args.params.id);
  if (args.params.id !== "new" && !row) throw data(null, { status: 404 });
  const fields = row ? parseFields(type, row.fields) : null;
  const name = entryName(type, row, getInstance(args.context).getFixedT(getLocale(args.context), "admin"));
  return {
    title: row
      ? adminTitle(args, "entries.open", { title: name })
      : adminTitle(args, `entries.types.${type}`),
    type,
    name,
    id: row?.id ?? null,
    isNew: !row,
    singleton: isSingleton(type),
    scheduled: isScheduled(type),
    // A published entry whose moment is still to come is not on the site yet.
    waitingUntil:
      row?.status === "published" && row.publishAt && row.publishAt > new Date().toISOString()
        ? row.publishAt
        : null,
    // Staff see the legal name and EIN; only an admin changes them (decision 028).
    mayEditAdminOnly: user.role === "ADMIN",
    updatedAt: row?.updatedAt ?? null,
    saved: new URL(args.request.url).searchParams.get("saved"),
    restored: Number(new URL(args.request.url).searchParams.get("restored")) || null,
    // Who saved what and when, newest first (decision 053); the newest says who changed it last.
    versions: row
      ? (await listVersions(env, row.id)).map((version) => ({
          savedByName: version.savedByName || version.savedByEmail,
          number: version.number,
          status: version.status,
          title: entryTitle(version.fields) || version.slug,
          savedByEmail: version.savedByEmail,
          createdAt: version.createdAt,
        }))
      : [],
    // The public address while it is published, and what it answers once taken down.
    publicPath: row?.status === "published" ? publicPath(type, row.slug) : null,
    gone:
      row && row.status !== "published" && publicPath(type, row.slug)
        ? await goneState(env, type, row.slug)
        : null,
    defaultValue: {
      slug: row?.slug ?? "",
      status: row?.status ?? "draft",
      // The "publish on" moment as staff typed it: New York's date and 24-hour time (decision 053).
      publishOn: row?.publishAt ? newYorkDate(new Date(row.publishAt)) : "",
      publishTime: row?.publishAt ? newYorkClock(new Date(row.publishAt)) : "",
      ...toFormValues(type, row?.fields ?? (await newEntryFields(env, type))),
    },
    preview:
      row &&
      fields &&
      (type === "event" ||
        type === "post" ||
        type === "organization" ||
        type === "role" ||
        type === "program")
        ? { id: row.id, slug: row.slug, updatedAt: row.updatedAt, fields }
        : null,
    locale: getLocale(args.context),
    // A post's preview shows its cover as /blog/:slug does.
    previewCover: await previewCover(env, type, fields, getLocale(args.context)),
    // The uploads a file field can point at (decision 021).
    uploads: { pdf: await fileChoices(env, "pdf"), image: await fileChoices(env, "image") },
  };
}

/** A UTC moment's New York wall-clock time, 24-hour "HH:MM" (the form every stored time has, decision 049). */
function newYorkClock(when: Date): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "America/New_York",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(when);
}

/** What an unpublished entry's old address answers, if it was ever public. */
async function goneState(env: Env, type: ContentType, slug: string) {
  const gone = await readGone(env, type, slug);
  return gone ? { path: publicPath(type, slug)!, redirectTo: gone.redirectTo } : null;
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireStaff(args);
  const type = contentType(args.params);
  if (args.params.id === "new" && isSingleton(type)) throw data(null, { status: 404 });
  const posted = readPostedForm(args.context);
  const intent = posted.get("intent");
  if (args.params.id !== "new" && (intent === "restore" || intent === "delete" || intent === "redirect")) {
    return undoAction(args, admin, type, args.params.id, posted);
  }
  const parsed = parsePostedForm(args.context, entryFormSchema(type));
  if (parsed.kind === "answered") return parsed.answer;
  const missing = await missingUploads(env, type, parsed.value.fields);
  if (missing.length > 0) {
    const fieldErrors = Object.fromEntries(
      missing.map((name) => [name, ["admin:entries.errors.fileMissing"]]),
    );
    return data({ result: parsed.reply({ fieldErrors }) }, { status: 400 });
  }
  const id = args.params.id === "new" ? null : args.params.id;
  const prepared = await prepareEntry(env, type, id, parsed.value);
  // Each refusal names the other entry and links to it: it is often the one to edit (decision 049).
  if (prepared.kind === "sameTitle") {
    const message = `admin:entries.errors.sameTitle|${JSON.stringify({ title: prepared.other.title })}`;
    return data(
      { result: parsed.reply({ fieldErrors: { title_en: [message] } }), sameTitle: prepared.other },
      { status: 400 },
    );
  }
  const result = await saveEntry(env, admin, type, id, prepared.input);
  if (result.kind === "missing") throw data(null, { status: 404 });
  if (result.kind === "slugTaken") {
    const message = `admin:entries.errors.slugTaken|${JSON.stringify({ title: result.other.title })}`;
    return data(
      { result: parsed.reply({ fieldErrors: { slug: [message] } }), slugTaken: result.other },
      { status: 400 },
    );
  }
  if (result.kind === "factStated") {
    const message = `admin:entries.errors.${result.fact}Stated`;
    return data({ result: parsed.reply({ formErrors: [message] }) }, { status: 400 });
  }
  if (result.firstPublishedReport) await announceReport(env, admin, result.firstPublishedReport);
  return redirect(`/admin/entries/${type}/${result.id}?saved=${parsed.value.status}`);
}

/**
 * Restore a version, delete the entry (asked first, decision 046) or change where its
 * taken-down address sends visitors (decision 053).
 */
async function undoAction(
  args: Route.ActionArgs,
  admin: Awaited<ReturnType<typeof requireStaff>>,
  type: ContentType,
  id: string,
  posted: FormData,
) {
  const intent = posted.get("intent");
  if (intent === "restore") {
    const number = Number(posted.get("version"));
    const result = await restoreVersion(env, admin, type, id, number);
    if (result.kind === "saved") return redirect(`/admin/entries/${type}/${id}?restored=${number}`);
    if (result.kind === "missing") throw data(null, { status: 404 });
    return data({ undo: { error: result.kind } }, { status: 400 });
  }
  const redirectTo = parseRedirect(posted.get("redirectTo"));
  const typed = { value: String(posted.get("redirectTo") ?? ""), invalid: redirectTo === "invalid" };
  if (intent === "delete") {
    if (posted.get("confirm") !== "yes") return { undo: { ask: "delete" as const } };
    if (redirectTo === "invalid") return data({ undo: { ask: "delete" as const, typed } }, { status: 400 });
    const result = await deleteEntry(env, admin, type, id, redirectTo);
    if (result.kind === "missing") throw data(null, { status: 404 });
    return redirect(`/admin/entries/${type}?deleted=${encodeURIComponent(result.slug)}`);
  }
  if (redirectTo === "invalid") return data({ undo: { typed } }, { status: 400 });
  const row = await getEntry(env, type, id);
  if (!row) throw data(null, { status: 404 });
  await setGoneRedirect(env, admin, type, id, row.slug, redirectTo);
  return redirect(`/admin/entries/${type}/${id}?saved=redirect`);
}

/**
 * What an entry is called in titles: a program's badge by its program (in the staff member's
 * language), else its title or name (English first), else the organisation's legal name, else its slug.
 */
function entryName(
  type: ContentType,
  row: { slug: string; fields: Record<string, unknown> } | null,
  t: TFunction,
): string {
  if (!row) return "";
  if (type === "program" && typeof row.fields.program === "string")
    return t(`entries.categories.${row.fields.program}`);
  return (
    entryTitle(row.fields) || (typeof row.fields.legalName === "string" ? row.fields.legalName : row.slug)
  );
}

/** A post's cover as /blog/:slug shows it, for the preview. */
async function previewCover(
  env: Env,
  type: ContentType,
  fields: Record<string, unknown> | null,
  locale: string,
) {
  const key = type === "post" && typeof fields?.cover === "string" ? fields.cover : "";
  return key ? ((await imagesByKey(env, [key], locale)).get(key) ?? null) : null;
}

/** File fields whose key names no upload (a key typed by hand, or a stale form). */
async function missingUploads(env: Env, type: ContentType, fields: Record<string, unknown>) {
  const fileFields = Object.entries(ENTRY_TYPES[type].fields as Record<string, FieldSpec>)
    .filter(([name, spec]) => spec.kind === "file" && fields[name])
    .map(([name]) => name);
  const found = await filesByKey(
    env,
    fileFields.map((name) => String(fields[name])),
  );
  return fileFields.filter((name) => !found.has(String(fields[name])));
}

/** A program's card with the badge as saved, as /programs shows it. */
function ProgramBadgePreview({ entry }: { entry: Entry<"program"> }) {
  const program = PROGRAMS.find((item) => item.id === entry.fields.program);
  return program ? <ProgramCard program={program} badges={{ [program.id]: entry.fields }} /> : null;
}

/**
 * Each field's name in the error summary, as its label reads ("Title (Spanish)"), so every
 * entry there says which input it is about (docs/conventions.md, Forms).
 */
function summaryLabels(t: TFunction, type: ContentType): Record<string, string> {
  const labels: Record<string, string> = {
    slug: t("entries.slug"),
    status: t("entries.status"),
    sameTitleConfirmed: t("entries.sameTitleConfirm"),
    publishOn: t("undo:schedule.date"),
    publishTime: t("undo:schedule.time"),
  };
  for (const [name, spec] of Object.entries(ENTRY_TYPES[type].fields as Record<string, FieldSpec>)) {
    const label = t(`entries.fields.${spec.label}`);
    if (!isBilingual(spec)) labels[name] = label;
    else {
      labels[`${name}_en`] = `${label} (${t("entries.english")})`;
      labels[`${name}_es`] = `${label} (${t("entries.spanish")})`;
    }
  }
  return labels;
}

/** A link to the other entry a refusal names (same address, or same title on the same date). */
function OtherEntryLink({ type, other }: { type: ContentType; other: OtherEntry | undefined }) {
  const { t } = useTranslation("admin");
  if (!other) return null;
  return (
    <p>
      <Link to={`/admin/entries/${type}/${other.id}`} className="link tap-target inline-flex items-center">
        {t("entries.openOther", { title: other.title })}
      </Link>
    </p>
  );
}

type Meta = FieldMetadata<unknown>;
type Uploads = Record<"pdf" | "image", FileChoice[]>;

function EntryField({
  name,
  spec,
  metas,
  uploads,
  mayEditAdminOnly,
}: {
  name: string;
  spec: FieldSpec;
  metas: Record<string, Meta>;
  uploads: Uploads;
  mayEditAdminOnly: boolean;
}) {
  const { t } = useTranslation("admin");
  const label = t(`entries.fields.${spec.label}`);
  const readOnly = spec.adminOnly === true && !mayEditAdminOnly;
  const hint = readOnly
    ? t("entries.adminOnly")
    : t(`entries.fields.${spec.label}Hint`, { defaultValue: "" }) || undefined;
  const required = spec.required ?? false;
  if (isBilingual(spec)) {
    const english = metas[`${name}_en`]!;
    const spanish = metas[`${name}_es`]!;
    const long = spec.kind !== "text" || spec.max > 200;
    const missing = !spanish.value && Boolean(english.value);
    const input = (meta: Meta, language: "english" | "spanish") => {
      const props = {
        meta,
        label: `${label} (${t(`entries.${language}`)})`,
        hint: language === "spanish" && missing ? <strong>{t("entries.spanishMissing")}</strong> : hint,
        required: language === "english" && required,
        maxLength: spec.max,
      };
      return long ? (
        <TextAreaField {...props} rows={spec.kind === "markdown" ? 14 : 4} />
      ) : (
        <TextField {...props} />
      );
    };
    return (
      <div className="grid gap-4 md:grid-cols-2" data-field={name}>
        {input(english, "english")}
        <div lang="es">{input(spanish, "spanish")}</div>
      </div>
    );
  }
  const meta = metas[name]!;
  if (spec.kind === "file") {
    return (
      <div className="grid gap-1">
        <SelectField
          meta={meta}
          label={label}
          hint={t(`entries.fileHints.${spec.accept}`)}
          required={required}
          placeholder={t(`entries.noFile.${spec.accept}`)}
          options={uploads[spec.accept]}
        />
        <p>
          <Link to="/admin/files" className="link tap-target inline-flex items-center">
            {t(`entries.uploadLink.${spec.accept}`)}
          </Link>
        </p>
      </div>
    );
  }
  if (spec.kind === "choice") {
    return (
      <SelectField
        meta={meta}
        label={label}
        hint={hint}
        required
        options={spec.options.map((option) => ({ value: option, label: t(`entries.categories.${option}`) }))}
      />
    );
  }
  const inputProps = {
    date: { type: "date" as const },
    // Letters too: "6:30 PM" and "10 a. m." are read (parseClockTime).
    time: { autoComplete: "off", maxLength: 16 },
    cents: { inputMode: "decimal" as const },
    count: { inputMode: "numeric" as const },
    year: { inputMode: "numeric" as const, maxLength: 4 },
    plain: {},
    email: { type: "email" as const, autoComplete: "off" },
    phone: { type: "tel" as const, autoComplete: "off" },
    url: { type: "url" as const, placeholder: "https://" },
    ein: { placeholder: "12-3456789", maxLength: 10 },
  }[spec.kind];
  return (
    <TextField
      meta={meta}
      label={label}
      hint={hint}
      required={required}
      readOnly={readOnly || undefined}
      {...inputProps}
    />
  );
}

/**
 * The editor starts again from what was saved after each save: the form keeps its own state
 * while the route stays, so without a new key it would still show what was typed ("10am"
 * rather than the stored "10:00", an empty address rather than the one made from the title).
 */
export default function AdminEntry(props: Route.ComponentProps) {
  return <EntryEditor key={props.loaderData.updatedAt ?? "new"} {...props} />;
}

function EntryEditor({ loaderData, actionData }: Route.ComponentProps) {
  // "undo:" words too (history, delete, schedule): the browser loads both before it renders.
  const { t } = useTranslation(["admin", "undo"]);
  const { type, defaultValue, preview, locale } = loaderData;
  const schema = useMemo(() => entryFormSchema(type), [type]);
  const { form, fields, pending } = usePageForm({
    id: `entry-${type}`,
    schema,
    answer: actionData,
    defaultValue: defaultValue as never,
  });
  const metas = fields as unknown as Record<string, Meta>;
  const specs = ENTRY_TYPES[type].fields as Record<string, FieldSpec>;
  const typeName = t(`entries.typeOne.${type}`);
  const labels = useMemo(() => summaryLabels(t, type), [t, type]);
  // The address the server makes from the title when the field is left empty, shown as it is typed.
  const titleMeta = metas.title_en ?? metas.name_en ?? metas.name;
  const suggested = slugFromTitle(String(titleMeta?.value ?? ""));
  const answer = actionData as { sameTitle?: OtherEntry; slugTaken?: OtherEntry } | undefined;
  const lastChange = loaderData.versions[0];
  const undo = (
    actionData as
      { undo?: { ask?: "delete"; error?: "unfit"; typed?: { value: string; invalid: boolean } } } | undefined
  )?.undo;
  return (
    <>
      <p>
        <Link to={`/admin/entries/${type}`} className="link tap-target inline-flex items-center">
          ← {t(`entries.types.${type}`)}
        </Link>
      </p>
      <AdminPageHeader
        title={
          loaderData.isNew
            ? t("entries.new", { type: typeName })
            : t("entries.edit", { type: typeName, title: loaderData.name })
        }
      />
      {loaderData.saved && !actionData ? (
        <Flash>
          {loaderData.saved === "published"
            ? t("entries.savedPublished")
            : loaderData.saved === "redirect"
              ? t("undo:gone.saved")
              : t("entries.saved")}
        </Flash>
      ) : null}
      {loaderData.waitingUntil ? (
        <p role="status" className="mt-4 rounded-lg border-2 border-amber-600 px-4 py-3 font-semibold">
          {t("undo:schedule.waiting")} <DateTime iso={loaderData.waitingUntil} />
        </p>
      ) : null}
      {loaderData.restored && !actionData ? (
        <Flash>{t("undo:history.restored", { number: loaderData.restored })}</Flash>
      ) : null}
      {undo?.error ? <Flash tone="error">{t(`undo:history.${undo.error}`)}</Flash> : null}
      {undo?.ask === "delete" ? (
        <ConfirmDelete
          title={loaderData.name}
          publicPath={loaderData.publicPath}
          cancelTo={`/admin/entries/${type}/${loaderData.id}`}
          typed={undo.typed ?? null}
        />
      ) : null}
      {loaderData.gone ? (
        <GonePanel
          path={loaderData.gone.path}
          redirectTo={loaderData.gone.redirectTo}
          typed={undo && !undo.ask ? (undo.typed ?? null) : null}
        />
      ) : null}
      <PageForm form={form} labels={labels} className="mt-6 grid gap-6">
        {loaderData.singleton ? (
          <>
            {/* One entry, always published: saving publishes it (decision 028). */}
            <input type="hidden" name="slug" value={String(defaultValue.slug)} />
            <input type="hidden" name="status" value="published" />
            <p className="text-gray-700 dark:text-gray-300">{t("entries.singletonLead")}</p>
          </>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            <div className="grid gap-1">
              <TextField
                meta={metas.slug!}
                label={t("entries.slug")}
                hint={
                  metas.slug!.value
                    ? t("entries.slugHint")
                    : suggested
                      ? t("entries.slugSuggested", { slug: suggested })
                      : t("entries.slugEmptyHint")
                }
                maxLength={80}
              />
              <OtherEntryLink type={type} other={answer?.slugTaken} />
              <SlugCheck type={type} id={loaderData.id} value={String(metas.slug!.value ?? "")} />
            </div>
            <SelectField
              meta={metas.status!}
              label={t("entries.status")}
              hint={t("entries.statusHint")}
              required
              options={CONTENT_STATUSES.map((status) => ({
                value: status,
                label: t(`entries.statuses.${status}`),
              }))}
            />
          </div>
        )}
        {loaderData.scheduled ? (
          <fieldset className="grid gap-4 md:grid-cols-2">
            <legend className="font-semibold">{t("undo:schedule.legend")}</legend>
            <p className="text-sm text-gray-700 md:col-span-2 dark:text-gray-300">
              {t("undo:schedule.hint")}
            </p>
            <TextField meta={metas.publishOn!} label={t("undo:schedule.date")} type="date" />
            <TextField
              meta={metas.publishTime!}
              label={t("undo:schedule.time")}
              hint={t("undo:schedule.timeHint")}
              autoComplete="off"
              maxLength={16}
            />
          </fieldset>
        ) : null}
        {Object.entries(specs).map(([name, spec]) => (
          <EntryField
            key={name}
            name={name}
            spec={spec}
            metas={metas}
            uploads={loaderData.uploads}
            mayEditAdminOnly={loaderData.mayEditAdminOnly}
          />
        ))}
        {answer?.sameTitle ? (
          <div className="grid gap-2">
            <OtherEntryLink type={type} other={answer.sameTitle} />
            <CheckboxField meta={metas.sameTitleConfirmed!} label={t("entries.sameTitleConfirm")} />
          </div>
        ) : null}
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton
            pending={pending}
            label={t(loaderData.singleton ? "entries.savePublish" : "entries.save")}
            pendingLabel={t("entries.saving")}
          />
          {lastChange?.savedByName ? (
            <p className="text-sm text-gray-700 dark:text-gray-300">
              {t("entries.lastChangeBy", { name: lastChange.savedByName })}{" "}
              <DateTime iso={lastChange.createdAt} />
            </p>
          ) : loaderData.updatedAt ? (
            <p className="text-sm text-gray-700 dark:text-gray-300">
              {t("entries.updated")}: <DateTime iso={loaderData.updatedAt} />
            </p>
          ) : null}
        </div>
      </PageForm>
      {!loaderData.isNew && !loaderData.singleton && !undo?.ask ? (
        <div className="mt-6">
          <DeleteEntryButton typeName={typeName} />
        </div>
      ) : null}
      {!loaderData.isNew ? <EntryHistory versions={loaderData.versions} /> : null}
      {preview ? (
        <section
          aria-labelledby="preview"
          className="mt-10 border-t-4 border-dashed border-gray-300 pt-6 dark:border-gray-600"
        >
          <h2 id="preview" className="text-xl font-bold">
            {t("entries.preview")}
          </h2>
          <p className="mt-1 text-gray-700 dark:text-gray-300">{t("entries.previewLead")}</p>
          <div
            className={
              type === "post" ? "mt-4" : type === "organization" ? "mt-4 max-w-2xl" : "mt-4 max-w-md"
            }
            data-testid="entry-preview"
          >
            {type === "organization" ? (
              <OrganizationPreview facts={(preview as Entry<"organization">).fields} locale={locale} />
            ) : type === "event" ? (
              <EventCard event={inLanguage(preview as Entry<"event">, locale)} locale={locale} />
            ) : type === "job" ? (
              <JobCard job={inLanguage(preview as Entry<"job">, locale)} />
            ) : type === "story" ? (
              <StoryCard story={inLanguage(preview as Entry<"story">, locale)} />
            ) : type === "role" ? (
              <RoleCard role={inLanguage(preview as Entry<"role">, locale)} />
            ) : type === "program" ? (
              <ProgramBadgePreview entry={preview as Entry<"program">} />
            ) : (
              <PostArticle
                post={inLanguage(preview as Entry<"post">, locale)}
                cover={loaderData.previewCover}
              />
            )}
          </div>
        </section>
      ) : null}
    </>
  );
}
