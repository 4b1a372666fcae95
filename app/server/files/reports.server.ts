import { desc, eq } from "drizzle-orm";
import * as v from "valibot";
import { formSchema, requiredParagraphs, requiredText } from "~/lib/forms/field-validation";
import type { SessionUser } from "~/lib/session-user";
import { fieldChanges } from "../admin/audit.server";
import { auditEntry } from "../admin/common.server";
import { bumpContentVersion } from "../content/version.server";
import { getDb } from "../db/client.server";
import { files, reports } from "../db/schema";
import {
  fieldErrors,
  isFileOfKind,
  publicFile,
  RecordIdSchema,
  type EditorResult,
  type PublicFile,
} from "./records.server";

/** The reports of /reports (decision 021), edited at /admin/reports. */
export const REPORT_LIMITS = { title: 200, summary: 1000, firstYear: 2000, lastYear: 2100 } as const;

const year = v.pipe(
  v.string("common:forms.required"),
  v.trim(),
  v.nonEmpty("common:forms.required"),
  v.regex(/^\d{4}$/, "admin:reports.errors.year"),
  v.transform(Number),
  v.minValue(REPORT_LIMITS.firstYear, "admin:reports.errors.year"),
  v.maxValue(REPORT_LIMITS.lastYear, "admin:reports.errors.year"),
);

const ReportSchema = formSchema({
  year,
  titleEn: requiredText(REPORT_LIMITS.title),
  titleEs: requiredText(REPORT_LIMITS.title),
  summaryEn: requiredParagraphs(REPORT_LIMITS.summary),
  summaryEs: requiredParagraphs(REPORT_LIMITS.summary),
  fileId: v.optional(v.string(), ""),
});

export type ReportView = {
  id: string;
  year: number;
  titleEn: string;
  titleEs: string;
  summaryEn: string;
  summaryEs: string;
  fileId: string | null;
  pdf: PublicFile | null;
};

/** Every report, newest year first, with its PDF when there is one. */
export async function listReports(env: Pick<Env, "DB">): Promise<ReportView[]> {
  const rows = await getDb(env)
    .select({ report: reports, file: files })
    .from(reports)
    .leftJoin(files, eq(files.id, reports.fileId))
    .orderBy(desc(reports.year), desc(reports.createdAt));
  return rows.map(({ report, file }) => ({
    id: report.id,
    year: report.year,
    titleEn: report.titleEn,
    titleEs: report.titleEs,
    summaryEn: report.summaryEn,
    summaryEs: report.summaryEs,
    fileId: report.fileId,
    pdf: publicFile(file),
  }));
}

/** Adds a report, or changes the one named by `id`; an audit row and a new content version. */
export async function saveReport(
  env: Pick<Env, "DB" | "CACHE">,
  admin: SessionUser,
  fields: Record<string, string>,
): Promise<EditorResult> {
  const parsed = v.safeParse(ReportSchema, fields);
  const errors = parsed.success ? {} : fieldErrors(parsed.issues);
  const fileId = fields.fileId ?? "";
  if (fileId && !(await isFileOfKind(env, fileId, "pdf"))) errors.fileId = "admin:reports.errors.file";
  const id = fields.id ? v.safeParse(RecordIdSchema, fields.id) : null;
  if (id && !id.success) errors.form = "admin:common.invalid";
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors, values: fields };
  const record = { ...parsed.output, fileId: fileId || null };
  const db = getDb(env);
  const now = new Date().toISOString();
  if (id?.success) {
    const [before] = await db.select().from(reports).where(eq(reports.id, id.output));
    if (!before) return { ok: false, errors: { form: "admin:reports.errors.gone" }, values: fields };
    await db.batch([
      db
        .update(reports)
        .set({ ...record, updatedAt: now })
        .where(eq(reports.id, id.output)),
      auditEntry(db, admin, {
        action: "report.update",
        targetType: "report",
        targetId: id.output,
        detail: { changes: fieldChanges(before, record) },
      }),
    ]);
  } else {
    const newId = crypto.randomUUID();
    await db.batch([
      db.insert(reports).values({ id: newId, ...record }),
      auditEntry(db, admin, {
        action: "report.create",
        targetType: "report",
        targetId: newId,
        detail: { title: record.titleEn, year: record.year },
      }),
    ]);
  }
  await bumpContentVersion(env);
  return { ok: true, saved: "saved" };
}

export async function deleteReport(
  env: Pick<Env, "DB" | "CACHE">,
  admin: SessionUser,
  rawId: string,
): Promise<EditorResult> {
  const id = v.safeParse(RecordIdSchema, rawId);
  if (!id.success) return { ok: false, errors: { form: "admin:common.invalid" }, values: {} };
  const db = getDb(env);
  const [before] = await db.select().from(reports).where(eq(reports.id, id.output));
  if (!before) return { ok: false, errors: { form: "admin:reports.errors.gone" }, values: {} };
  await db.batch([
    db.delete(reports).where(eq(reports.id, id.output)),
    auditEntry(db, admin, {
      action: "report.delete",
      targetType: "report",
      targetId: id.output,
      detail: { title: before.titleEn, year: before.year },
    }),
  ]);
  await bumpContentVersion(env);
  return { ok: true, saved: "deleted" };
}
