import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import { programYear } from "~/lib/families";
import { ChildSchema } from "~/lib/family-schemas";
import { newYorkDate } from "~/lib/format";
import { requireUser } from "../auth/guards.server";
import { getDb } from "../db/client.server";
import { children, enrolments, programSessions, users } from "../db/schema";
import { getRequestContext } from "../kernel/context.server";
import { requestLocale } from "../kernel/i18n.server";
import { readPostedForm } from "../kernel/post-guard.server";
import { deliverOutbox } from "../mail/outbox.server";
import { parsePostedForm } from "../page-form.server";
import { deleteChild, saveChild } from "./children.server";
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
    db
      .select({ id: children.id, name: children.name, grade: children.grade, birthDate: children.birthDate })
      .from(children)
      .where(eq(children.guardianId, user.id))
      .orderBy(asc(children.createdAt)),
    env.DB.prepare(
      `SELECT s.id, s.title_en AS titleEn, s.title_es AS titleEs, s.start_date AS startDate, s.capacity,
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
  return {
    verified: Boolean(guardian?.verified),
    locale,
    programYear: programYear(today),
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
  const child = parsed.value;
  const saved = await saveChild(env, user.id, {
    details: {
      name: child.name,
      birthDate: child.birthDate,
      grade: Number(child.grade),
      school: child.school ?? "",
      photoConsent: child.photoConsent,
      participationConsent: true,
      consentTerm: programYear(newYorkDate()),
    },
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
  });
  return { added: Boolean(saved) };
}
