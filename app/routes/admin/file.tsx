import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import { adminMeta } from "~/components/admin/meta";
import { UploadForm } from "~/components/admin/upload-fields";
import { AdminPageHeader, ConfirmQuestion, Flash } from "~/components/admin/ui";
import { DateTime } from "~/components/ui/format";
import { requireStaff } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { ACCEPTED_TYPES, UPLOAD_LIMITS } from "~/server/files/files.server";
import {
  ALT_MAX_LENGTH,
  deleteFile,
  fileWithUses,
  refusedUpload,
  replaceFile,
} from "~/server/files/library.server";
import { readPostedUpload } from "~/server/kernel/post-guard.server";
import type { Route } from "./+types/file";
import { env } from "~/server/kernel/env.server";

export const meta = adminMeta;

const MIB = 1024 * 1024;

/** /admin/files/:key: one upload, the entries that use it (shown before anything else), replace and delete (decision 059). */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const found = await fileWithUses(env, args.params.key);
  if (!found) throw data(null, { status: 404 });
  const image = found.file.contentType.startsWith("image/");
  return {
    title: adminTitle(args, "files.page.title", { name: found.file.name }),
    ...found,
    image,
    accept: image
      ? ACCEPTED_TYPES.split(",")
          .filter((type) => type.startsWith("image/"))
          .join(",")
      : "application/pdf",
    limits: { imageMb: UPLOAD_LIMITS.imageBytes / MIB, pdfMb: UPLOAD_LIMITS.pdfBytes / MIB },
    altMax: ALT_MAX_LENGTH,
    replaced: Number(new URL(args.request.url).searchParams.get("replaced") ?? -1),
  };
}

/**
 * Both forms of the page are multipart posts, read once the admin layout admitted staff: the
 * replacement carries a file, the delete an `intent` (asked first, then `confirm=yes`, so it
 * works without JavaScript, decision 046).
 */
export async function action(args: Route.ActionArgs) {
  const admin = await requireStaff(args);
  const posted = await readPostedUpload(args, UPLOAD_LIMITS.pdfBytes);
  if (!posted.ok) {
    const status = posted.reason === "tooLarge" ? 413 : 400;
    return data({ replace: refusedUpload(posted.reason, posted.formData), ask: false }, { status });
  }
  if (posted.formData.get("intent") === "delete") {
    if (posted.formData.get("confirm") !== "yes") return { ask: true, replace: null };
    const result = await deleteFile(env, admin, args.params.key);
    if (result.kind === "missing") throw data(null, { status: 404 });
    return redirect(`/admin/files?deleted=${encodeURIComponent(result.name)}`);
  }
  const result = await replaceFile(env, admin, args.params.key, posted.formData);
  if (result.ok) return redirect(`/admin/files/${result.file.id}?replaced=${result.entries}`);
  if ("missing" in result) throw data(null, { status: 404 });
  return data({ replace: result, ask: false }, { status: 400 });
}

const kilobytes = (size: number) => Math.max(1, Math.round(size / 1024));

export default function AdminFile({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const { file, uses, image, accept, limits, altMax, replaced } = loaderData;
  const failed = actionData?.replace ?? null;
  return (
    <>
      <p>
        <Link to="/admin/files" className="link tap-target inline-flex items-center">
          {t("files.page.back")}
        </Link>
      </p>
      <AdminPageHeader title={file.name} />
      {replaced >= 0 ? <Flash>{t("files.page.replaced", { count: replaced })}</Flash> : null}
      <div className="mt-4 flex flex-wrap items-start gap-4">
        {file.width && file.height ? (
          <img
            src={file.url}
            alt={i18n.language === "es" ? file.altEs : file.altEn}
            width={file.width}
            height={file.height}
            className="h-auto max-h-40 w-auto max-w-60 rounded"
          />
        ) : null}
        <dl className="grid gap-1">
          <dt className="font-semibold">{t("files.details")}</dt>
          <dd>
            {file.width && file.height
              ? t("files.imageDetails", {
                  width: file.width,
                  height: file.height,
                  size: kilobytes(file.size),
                })
              : t("files.pdfDetails", { size: kilobytes(file.size) })}
          </dd>
          <dt className="font-semibold">{t("files.address")}</dt>
          <dd>
            <a href={file.url} className="link break-all">
              {file.url}
            </a>
          </dd>
          <dt className="font-semibold">{t("files.uploaded")}</dt>
          <dd>
            <DateTime iso={file.createdAt} />
          </dd>
        </dl>
      </div>

      <section aria-labelledby="uses-title" className="mt-8">
        <h2 id="uses-title" className="text-xl font-bold">
          {t("files.page.usesTitle")}
        </h2>
        <UsesList uses={uses} />
      </section>

      <UploadForm
        id="replace"
        title={t("files.page.replaceTitle")}
        lead={t("files.page.replaceLead")}
        file={{
          label: t("files.page.replaceFile"),
          hint: t(image ? "files.page.replaceFileHintImage" : "files.page.replaceFileHintPdf", limits),
          accept,
        }}
        descriptions={
          image
            ? {
                hint: t("files.page.replaceAltHint", { max: altMax }),
                max: altMax,
                altEn: file.altEn,
                altEs: file.altEs,
              }
            : null
        }
        refused={failed}
        refusedTitle={t("files.page.notReplaced")}
        limits={limits}
        submit={{ label: t("files.page.replace"), busy: t("files.page.replacing") }}
      />

      <section aria-labelledby="delete-title" className="mt-8 max-w-2xl">
        <h2 id="delete-title" className="text-xl font-bold">
          {t("files.page.deleteTitle")}
        </h2>
        <p className="mt-2">{t("files.page.deleteLead")}</p>
        {actionData?.ask ? (
          <ConfirmQuestion id="confirm-delete" question={t("files.page.deleteQuestion", { name: file.name })}>
            <Form method="post" encType="multipart/form-data" className="grid w-full gap-4">
              {uses.length > 0 ? (
                <>
                  <p>{t("files.page.deleteUsed")}</p>
                  <UsesList uses={uses} />
                </>
              ) : (
                <p>{t("files.page.deleteUnused")}</p>
              )}
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="confirm" value="yes" />
              <div className="flex flex-wrap gap-3">
                <button type="submit" className="btn-primary">
                  {t("files.page.deleteConfirm")}
                </button>
                <Link to={`/admin/files/${file.id}`} className="btn-secondary">
                  {t("files.page.keep")}
                </Link>
              </div>
            </Form>
          </ConfirmQuestion>
        ) : (
          <Form method="post" encType="multipart/form-data" className="mt-3">
            <input type="hidden" name="intent" value="delete" />
            <button type="submit" className="btn-secondary">
              {t("files.page.delete")}
            </button>
          </Form>
        )}
      </section>
    </>
  );
}

/** The entries that name the file, each linked to its editor, with its kind and status. */
function UsesList({ uses }: { uses: Route.ComponentProps["loaderData"]["uses"] }) {
  const { t } = useTranslation("admin");
  if (uses.length === 0) return <p className="mt-2">{t("files.page.usesNone")}</p>;
  return (
    <>
      <p className="mt-2">{t("files.page.usesLead")}</p>
      <ul className="mt-2 grid gap-1">
        {uses.map((use) => (
          <li key={use.id}>
            <Link
              to={`/admin/entries/${use.type}/${use.id}`}
              className="link tap-target inline-flex items-center"
            >
              {use.title}
            </Link>{" "}
            <span className="text-sm text-gray-700 dark:text-gray-300">
              ({t(`entries.typeOne.${use.type}`)}, {t(`entries.statuses.${use.status}`)})
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
