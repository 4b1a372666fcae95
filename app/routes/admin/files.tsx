import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { DataTable, type Column } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { UploadForm } from "~/components/admin/upload-fields";
import { AdminPageHeader, FilterBar, FilterSelect, FilterText, Flash } from "~/components/admin/ui";
import { DateTime } from "~/components/ui/format";
import { requireStaff } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { ACCEPTED_TYPES, fileUrl, UPLOAD_LIMITS } from "~/server/files/files.server";
import { ALT_MAX_LENGTH, listFiles, refusedUpload, uploadFile } from "~/server/files/library.server";
import { readPostedUpload } from "~/server/kernel/post-guard.server";
import type { Route } from "./+types/files";
import { env } from "~/server/kernel/env.server";

export const meta = adminMeta;

const MIB = 1024 * 1024;

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  return {
    title: adminTitle(args, "files.title"),
    list: await listFiles(env, new URL(args.request.url)),
    accept: ACCEPTED_TYPES,
    limits: { imageMb: UPLOAD_LIMITS.imageBytes / MIB, pdfMb: UPLOAD_LIMITS.pdfBytes / MIB },
    altMax: ALT_MAX_LENGTH,
    // The name of an upload just deleted on its own page (decision 059).
    deleted: new URL(args.request.url).searchParams.get("deleted"),
  };
}

/** A plain multipart post (works without JavaScript), read only once the admin layout admitted staff. */
export async function action(args: Route.ActionArgs) {
  const admin = await requireStaff(args);
  const posted = await readPostedUpload(args, UPLOAD_LIMITS.pdfBytes);
  const result = posted.ok
    ? await uploadFile(env, admin, posted.formData)
    : refusedUpload(posted.reason, posted.formData);
  if (!result.ok) {
    const status = posted.ok ? 400 : posted.reason === "tooLarge" ? 413 : 400;
    return data(result, { status });
  }
  return { ok: true as const, file: { ...result.file, url: fileUrl(result.file.id) } };
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

const kilobytes = (size: number) => Math.max(1, Math.round(size / 1024));

export default function AdminFiles({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const { list, accept, limits, altMax } = loaderData;
  const failed = actionData?.ok === false ? actionData : null;
  const columns: Column<Row>[] = [
    {
      header: "files.preview",
      cell: (row) =>
        row.width && row.height ? (
          <img
            src={row.url}
            alt={i18n.language === "es" ? row.altEs : row.altEn}
            width={row.width}
            height={row.height}
            loading="lazy"
            className="h-auto max-h-16 w-auto max-w-24 rounded"
          />
        ) : (
          <span>{t("files.pdf")}</span>
        ),
    },
    {
      header: "common.name",
      cell: (row) => (
        <a href={row.url} className="link break-all">
          {row.name}
        </a>
      ),
    },
    {
      header: "files.details",
      cell: (row) =>
        row.width && row.height
          ? t("files.imageDetails", { width: row.width, height: row.height, size: kilobytes(row.size) })
          : t("files.pdfDetails", { size: kilobytes(row.size) }),
    },
    { header: "files.address", cell: (row) => <code className="break-all">{row.url}</code> },
    { header: "files.uploaded", cell: (row) => <DateTime iso={row.createdAt} /> },
    {
      header: "files.manage",
      cell: (row) => (
        <Link
          to={`/admin/files/${row.id}`}
          className="link tap-target inline-flex items-center"
          aria-label={t("files.manageLabel", { name: row.name })}
        >
          {t("files.manage")}
        </Link>
      ),
    },
  ];
  return (
    <>
      <AdminPageHeader title={t("files.title")} lead={t("files.lead")} />
      {actionData?.ok === true ? (
        <Flash>
          {t("files.uploadedAs", { name: actionData.file.name })}{" "}
          <a href={actionData.file.url} className="link break-all">
            {actionData.file.url}
          </a>
        </Flash>
      ) : loaderData.deleted ? (
        <Flash>{t("files.deleted", { name: loaderData.deleted })}</Flash>
      ) : null}
      <UploadForm
        id="upload"
        title={t("files.uploadTitle")}
        file={{ label: t("files.file"), hint: t("files.fileHint", limits), accept }}
        descriptions={{ hint: t("files.altHint", { max: altMax }), max: altMax }}
        refused={failed}
        refusedTitle={t("files.notUploaded")}
        limits={limits}
        submit={{ label: t("files.upload"), busy: t("files.uploading") }}
      />
      <h2 className="mt-10 text-xl font-bold">{t("files.listTitle")}</h2>
      <FilterBar>
        <FilterSelect
          name="kind"
          label={t("files.kind")}
          value={list.filters.kind}
          options={list.kinds.map((kind) => ({ value: kind, label: t(`files.kinds.${kind}`) }))}
        />
        <FilterText name="q" label={t("files.search")} value={list.filters.q} />
      </FilterBar>
      <DataTable label={t("files.listTitle")} columns={columns} list={list} />
    </>
  );
}
