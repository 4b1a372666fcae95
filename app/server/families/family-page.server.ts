import { and, desc, eq, inArray } from "drizzle-orm";
import { parseWithValibot } from "@conform-to/valibot";
import type * as v from "valibot";
import { data, redirect, type RouterContextProvider } from "react-router";
import { programYear } from "~/lib/families";
import { ChildSchema, ConsentSchema } from "~/lib/family-schemas";
import { newYorkDate } from "~/lib/format";
import { requireUser } from "../auth/guards.server";
import { getDb } from "../db/client.server";
import { enrolments, programSessions, users } from "../db/schema";
import { getRequestContext } from "../kernel/context.server";
import { requestLocale } from "../kernel/i18n.server";
import { readPostedForm } from "../kernel/post-guard.server";
import { deliverOutbox } from "../mail/outbox.server";
import { parsePostedForm } from "../page-form.server";
import { readHealthRecord } from "./child-data.server";
import {
  confirmConsents,
  deleteChild,
  loadGuardianChildren,
  saveChild,
  type ChildDetails,
  type YearConsent,
} from "./children.server";
import { enrolChild, withdrawChild } from "./enrolments.server";
import { env } from "../kernel/env.server";

/**
 * /account/children (decision 054): a guardian's children, where each stands in each session,
 * the sessions open now, and one form per action, each a plain post that works without JavaScript.
 */

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export async function loadFamilyPage(args: Args) {
  const user = await requireUser(args);
  const db = getDb(env);
  const locale = requestLocale(args.context);
  const today = newYorkDate();
  const [[guardian], kids, sessions] = await Promise.all([
    db.select({ verified: users.emailVerifiedAt }).from(users).where(eq(users.id, user.id)),
    loadGuardianChildren(env, user.id),
    env.DB.prepare(
      `SELECT s.id, s.title_en AS titleEn, s.title_es AS titleEs, s.start_date AS startDate, s.capacity, s.term,
         s.capacity - (SELECT count(*) FROM enrolments e WHERE e.session_id = s.id
                         AND e.status IN ('enrolled', 'pending', 'offered')) AS placesLeft
       FROM program_sessions s WHERE s.status = 'published' AND s.end_date >= ?1 ORDER BY s.start_date`,
    )
      .bind(today)
      .all<{
        id: string;
        titleEn: string;
        titleEs: string;
        startDate: string;
        capacity: number;
        term: string;
        placesLeft: number;
      }>(),
  ]);
  const places = kids.length
    ? await db
        .select({
          id: enrolments.id,
          childId: enrolments.childId,
          status: enrolments.status,
          waitlistPosition: enrolments.waitlistPosition,
          offerExpiresAt: enrolments.offerExpiresAt,
          titleEn: programSessions.titleEn,
          titleEs: programSessions.titleEs,
        })
        .from(enrolments)
        .innerJoin(programSessions, eq(programSessions.id, enrolments.sessionId))
        .where(
          and(
            inArray(
              enrolments.childId,
              kids.map((kid) => kid.id),
            ),
            inArray(enrolments.status, ["enrolled", "pending", "waitlisted", "offered"]),
          ),
        )
        .orderBy(desc(enrolments.createdAt))
    : [];
  const title = (row: { titleEn: string; titleEs: string }) => (locale === "es" ? row.titleEs : row.titleEn);
  // The session a program page's "enrol a child" chose, kept through sign-in (decision 054).
  const chosen = new URL(args.request.url).searchParams.get("session");
  return {
    verified: Boolean(guardian?.verified),
    locale,
    programYear: programYear(today),
    consentTerms: consentTerms(today, sessions.results),
    chosenSession: sessions.results.some((session) => session.id === chosen) ? chosen : null,
    children: kids.map((kid) => ({
      ...kid,
      places: places
        .filter((place) => place.childId === kid.id)
        .map(({ titleEn, titleEs, ...place }) => ({ ...place, session: title({ titleEn, titleEs }) })),
    })),
    sessions: sessions.results.map(({ titleEn, titleEs, ...session }) => ({
      ...session,
      title: title({ titleEn, titleEs }),
      placesLeft: Math.max(0, session.placesLeft),
    })),
  };
}

export async function handleFamilyPost(args: Args) {
  const user = await requireUser(args);
  const { ctx } = getRequestContext(args.context);
  const posted = readPostedForm(args.context);
  const intent = posted.get("intent");
  if (intent === "consent") return confirmConsentPost(args, user.id);
  const childId = String(posted.get("childId") ?? "");
  const deliver = (ids: string[]) => {
    // The next family's offer leaves now, not at the next Cron run.
    if (ids.length > 0) ctx.waitUntil(deliverOutbox(env, { ids }));
  };
  if (intent === "enrol") {
    const [guardian] = await getDb(env)
      .select({ id: users.id, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, user.id));
    const outcome = await enrolChild(env, guardian!, {
      childId,
      sessionId: String(posted.get("sessionId") ?? ""),
    });
    if (!outcome.ok) return data({ enrolRefused: outcome.reason, childId }, { status: 409 });
    return { enrolled: outcome.status, waitlistPosition: outcome.waitlistPosition };
  }
  if (intent === "withdraw") {
    const outcome = await withdrawChild(env, user.id, String(posted.get("enrolmentId") ?? ""));
    deliver(outcome.offerIds);
    return { withdrawn: outcome.ok };
  }
  if (intent === "delete-child") {
    if (posted.get("confirm") !== "yes") return { confirmDelete: childId };
    const outcome = await deleteChild(env, user.id, childId);
    deliver(outcome.offerIds);
    return { deleted: outcome.ok };
  }
  const parsed = parsePostedForm(args.context, ChildSchema);
  if (parsed.kind === "answered") return parsed.answer;
  const saved = await saveChild(env, user.id, childInput(parsed.value));
  // The form empties for the next child; the saved one is listed above it.
  return { added: Boolean(saved), result: parsed.reply({ resetForm: true }) };
}

/**
 * The program years a guardian may confirm consents for: this one, and any an open session
 * belongs to (next year's sessions open before July).
 */
function consentTerms(today: string, sessions: { term?: string }[]) {
  return [...new Set([programYear(today), ...sessions.flatMap((session) => session.term ?? [])])].sort();
}

/** The form's answers as the stored child and health record; the consents are for this program year. */
function childInput(child: v.InferOutput<typeof ChildSchema>): {
  details: ChildDetails;
  consent: YearConsent;
  health: Parameters<typeof saveChild>[2]["health"];
} {
  return {
    details: {
      name: child.name,
      birthDate: child.birthDate,
      grade: Number(child.grade),
      school: child.school ?? "",
    },
    consent: { programYear: programYear(newYorkDate()), photoConsent: child.photoConsent },
    health: {
      healthNotes: child.healthNotes ?? "",
      allergies: child.allergies ?? "",
      medications: child.medications ?? "",
      specialNeeds: child.specialNeeds ?? "",
      emergencyContacts: [
        { name: child.emergencyName, phone: child.emergencyPhone, relation: child.emergencyRelation ?? "" },
      ],
      pickupPeople: child.pickupName ? [{ name: child.pickupName, phone: child.pickupPhone ?? "" }] : [],
    },
  };
}

/**
 * A guardian confirms a program year's consents for a child, without retyping anything else. Its
 * refusal names the child, not the add-a-child form's fields, which share the page.
 */
async function confirmConsentPost(args: Args, guardianId: string) {
  const submission = parseWithValibot(readPostedForm(args.context), { schema: ConsentSchema });
  const childId = String(readPostedForm(args.context).get("childId") ?? "");
  if (submission.status !== "success") return data({ consentMissing: childId }, { status: 400 });
  const sessions = await env.DB.prepare(
    `SELECT DISTINCT term FROM program_sessions WHERE status = 'published' AND end_date >= ?1`,
  )
    .bind(newYorkDate())
    .all<{ term: string }>();
  if (!consentTerms(newYorkDate(), sessions.results).includes(submission.value.term))
    return data({ consentMissing: childId }, { status: 400 });
  const confirmed = await confirmConsents(env, guardianId, childId, {
    photoConsent: submission.value.photoConsent,
    programYear: submission.value.term,
  });
  return { consented: confirmed ? submission.value.term : null };
}

/** /account/children/:childId: the guardian's own child, details and health record, to change. */
export async function loadChildEditPage(args: Args & { params: { childId: string } }) {
  const user = await requireUser(args);
  const [child] = await loadGuardianChildren(env, user.id, args.params.childId);
  if (!child) throw data(null, { status: 404 });
  // The guardian's own read of their child's record is not audited (decision 054).
  const health = await readHealthRecord(env, child.id);
  const [emergency] = health?.emergencyContacts ?? [];
  const [pickup] = health?.pickupPeople ?? [];
  const year = programYear(newYorkDate());
  const current = child.consents.find((consent) => consent.programYear === year);
  return {
    childId: child.id,
    name: child.name,
    programYear: year,
    values: {
      name: child.name,
      birthDate: child.birthDate,
      grade: String(child.grade),
      school: child.school,
      healthNotes: health?.healthNotes ?? "",
      allergies: health?.allergies ?? "",
      medications: health?.medications ?? "",
      specialNeeds: health?.specialNeeds ?? "",
      emergencyName: emergency?.name ?? "",
      emergencyPhone: emergency?.phone ?? "",
      emergencyRelation: emergency?.relation ?? "",
      pickupName: pickup?.name ?? "",
      pickupPhone: pickup?.phone ?? "",
      photoConsent: current?.photoConsent ? "on" : undefined,
      participationConsent: current ? "on" : undefined,
    },
  };
}

/** The changed child saved with its health record in one batch; back to the family page (303). */
export async function handleChildEditPost(args: Args & { params: { childId: string } }) {
  const user = await requireUser(args);
  const parsed = parsePostedForm(args.context, ChildSchema);
  if (parsed.kind === "answered") return parsed.answer;
  const saved = await saveChild(env, user.id, { childId: args.params.childId, ...childInput(parsed.value) });
  if (!saved) throw data(null, { status: 404 });
  return redirect("/account/children?updated=1", 303);
}
