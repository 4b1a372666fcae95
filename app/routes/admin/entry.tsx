import type { FieldMetadata } from "@conform-to/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader, Flash } from "~/components/admin/ui";
import { EventCard } from "~/components/content/event-card";
import { JobCard } from "~/components/content/job-card";
import { StoryCard } from "~/components/content/story-card";
import { PostArticle } from "~/components/content/post-article";
import { SelectField, SubmitButton, TextAreaField, TextField } from "~/components/forms/fields";
import { PageForm, usePageForm } from "~/components/forms/form-kit";
import { DateTime } from "~/components/ui/format";
import {
  CONTENT_STATUSES,
  ENTRY_TYPES,
  entryFormSchema,
  inLanguage,
  isBilingual,
  isContentType,
  toFormValues,
  type ContentType,
  type Entry,
  type FieldSpec,
} from "~/lib/content/entry-types";
import { requireStaff } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { getEntry, saveEntry } from "~/server/content/editor.server";
import { fileChoices, filesByKey, type FileChoice } from "~/server/files/records.server";
import { parseFields } from "~/server/content/entries.server";
import { getRequestContext } from "~/server/kernel/context.server";
import { getLocale } from "~/server/kernel/i18n.server";
import { parsePostedForm } from "~/server/page-form.server";
import type { Route } from "./+types/entry";

export const handle = { i18n: ["admin", "events", "blog", "involve", "impact"] };
export const meta = adminMeta;

function contentType(params: { type?: string }): ContentType {
  if (!isContentType(params.type)) throw data(null, { status: 404 });
  return params.type;
}

/** /admin/entries/:type/:id (or `new`): the editor, English and Spanish side by side, and the preview. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const type = contentType(args.params);
  const { env } = getRequestContext(args.context);
  const row = args.params.id === "new" ? null : await getEntry(env, type, args.params.id);
  if (args.params.id !== "new" && !row) throw data(null, { status: 404 });
  const fields = row ? parseFields(type, row.fields) : null;
  const name = (row?.fields.title as { en?: string } | undefined)?.en ?? row?.slug ?? "";
  return {
    title: row
      ? adminTitle(args, "entries.open", { title: name })
      : adminTitle(args, `entries.types.${type}`),
    type,
    name,
    isNew: !row,
    updatedAt: row?.updatedAt ?? null,
    saved: new URL(args.request.url).searchParams.get("saved"),
    defaultValue: {
      slug: row?.slug ?? "",
      status: row?.status ?? "draft",
      ...toFormValues(type, row?.fields ?? {}),
    },
    preview:
      row && fields && (type === "event" || type === "post")
        ? { id: row.id, slug: row.slug, updatedAt: row.updatedAt, fields }
        : null,
    locale: getLocale(args.context),
    // The uploads a file field can point at (decision 021).
    uploads: { pdf: await fileChoices(env, "pdf"), image: await fileChoices(env, "image") },
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireStaff(args);
  const type = contentType(args.params);
  const { env } = getRequestContext(args.context);
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
  const result = await saveEntry(env, admin, type, id, parsed.value);
  if (result.kind === "missing") throw data(null, { status: 404 });
  if (result.kind === "slugTaken") {
    return data(
      { result: parsed.reply({ formErrors: ["admin:entries.errors.slugTaken"] }) },
      { status: 400 },
    );
  }
  return redirect(`/admin/entries/${type}/${result.id}?saved=${parsed.value.status}`);
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

type Meta = FieldMetadata<unknown>;
type Uploads = Record<"pdf" | "image", FileChoice[]>;

function EntryField({
  name,
  spec,
  metas,
  uploads,
}: {
  name: string;
  spec: FieldSpec;
  metas: Record<string, Meta>;
  uploads: Uploads;
}) {
  const { t } = useTranslation("admin");
  const label = t(`entries.fields.${spec.label}`);
  const hint = t(`entries.fields.${spec.label}Hint`, { defaultValue: "" }) || undefined;
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
        required
        options={spec.options.map((option) => ({ value: option, label: t(`entries.categories.${option}`) }))}
      />
    );
  }
  const inputProps = {
    date: { type: "date" as const },
    time: { placeholder: "hh:mm", inputMode: "numeric" as const },
    cents: { inputMode: "decimal" as const },
    count: { inputMode: "numeric" as const },
    year: { inputMode: "numeric" as const, maxLength: 4 },
    plain: {},
  }[spec.kind];
  return <TextField meta={meta} label={label} hint={hint} required={required} {...inputProps} />;
}

export default function AdminEntry({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
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
  return (
    <>
      <p>
        <Link to={`/admin/entries/${type}`} className="link">
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
        <Flash>{loaderData.saved === "published" ? t("entries.savedPublished") : t("entries.saved")}</Flash>
      ) : null}
      <PageForm form={form} className="mt-6 grid gap-6">
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            meta={metas.slug!}
            label={t("entries.slug")}
            hint={t("entries.slugHint")}
            required
            maxLength={80}
          />
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
        {Object.entries(specs).map(([name, spec]) => (
          <EntryField key={name} name={name} spec={spec} metas={metas} uploads={loaderData.uploads} />
        ))}
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton pending={pending} label={t("entries.save")} pendingLabel={t("entries.saving")} />
          {loaderData.updatedAt ? (
            <p className="text-sm text-gray-700 dark:text-gray-300">
              {t("entries.updated")}: <DateTime iso={loaderData.updatedAt} />
            </p>
          ) : null}
        </div>
      </PageForm>
      {preview ? (
        <section
          aria-labelledby="preview"
          className="mt-10 border-t-4 border-dashed border-gray-300 pt-6 dark:border-gray-600"
        >
          <h2 id="preview" className="text-xl font-bold">
            {t("entries.preview")}
          </h2>
          <p className="mt-1 text-gray-700 dark:text-gray-300">{t("entries.previewLead")}</p>
          <div className={type === "post" ? "mt-4" : "mt-4 max-w-md"} data-testid="entry-preview">
            {type === "event" ? (
              <EventCard event={inLanguage(preview as Entry<"event">, locale)} locale={locale} />
            ) : type === "job" ? (
              <JobCard job={inLanguage(preview as Entry<"job">, locale)} />
            ) : type === "story" ? (
              <StoryCard story={inLanguage(preview as Entry<"story">, locale)} />
            ) : (
              <PostArticle post={inLanguage(preview as Entry<"post">, locale)} />
            )}
          </div>
        </section>
      ) : null}
    </>
  );
}
