import { lazy, Suspense } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { HeroCarousel } from "~/components/home/hero-carousel";
import { KeptPart, PartLink } from "~/components/layout/kept-part";
import { StatCounters } from "~/components/home/stat-counters";
import { Testimonials } from "~/components/home/testimonials";
import { FallbackImage } from "~/components/pages/fallback-image";
import { asList, newYorkDate, useFormat } from "~/lib/format";
import { ModalLink } from "~/components/pages/modal-link";
import { revealSection, useRevealSections } from "~/components/pages/reveal";
import { CheckList } from "~/components/pages/check-list";
import {
  campaignEnded,
  campaignYear,
  donateHref,
  fundraisingCampaign,
  giftImpact,
  HERO_STATS,
  HOME_GIFT_TILES_CENTS,
  HOME_IMPACT,
} from "~/content/figures";
import { HERO_BLURBS, HOME_PROGRAMS, ILLUSTRATION } from "~/content/home";
import { organizationJsonLd } from "~/content/structured-data";
import { pageMeta } from "~/lib/seo";
import { useRememberedTranslations } from "~/lib/i18n-instance";
import { getOrganization } from "~/server/content/organization.server";
import { pageSeo } from "~/server/seo.server";
import type { Route } from "./+types/home";
import { env } from "~/server/kernel/env.server";
import type { PageHandle } from "~/components/layout/page-handle";

// The form (with its schemas and form library) loads when the dialog first opens.
const EnrollmentForm = lazy(() => import("~/components/forms/enrollment-form"));

export const handle = { i18n: ["home"], hydrate: false } satisfies PageHandle;
export const meta = pageMeta;

/** The page's one translation, made by HomePage and handed to each part (decisions 066, 058). */
type HomeT = TFunction<"home">;
/** Numbers and money in the page's language, made once by HomePage. */
type Format = ReturnType<typeof useFormat>;

export async function loader(args: Route.LoaderArgs) {
  const facts = await getOrganization(env);
  const campaign = facts ? fundraisingCampaign(facts) : null;
  return {
    seo: pageSeo(args, "home", { jsonLd: [organizationJsonLd(env.SITE_URL, facts)] }),
    foundingYear: facts?.foundingYear ?? null,
    // The year copy works toward: the campaign's (decision 025), this year's while the facts are missing.
    campaign: campaign
      ? { year: campaignYear(campaign), ended: campaignEnded(campaign) }
      : { year: Number(newYorkDate().slice(0, 4)), ended: false },
  };
}

function Hero({ t, format, foundingYear }: { t: HomeT; format: Format; foundingYear: number | null }) {
  return (
    <section aria-labelledby="hero-title" className="bg-emerald-900 text-white dark:bg-gray-900">
      <div className="container-page grid items-center gap-10 py-12 lg:grid-cols-2 lg:py-16">
        <KeptPart data={foundingYear}>
          <HeroText t={t} format={format} foundingYear={foundingYear} />
        </KeptPart>
        <HeroCarousel t={t} />
      </div>
      <div className="border-t border-emerald-800 bg-emerald-950 dark:border-gray-800 dark:bg-gray-950">
        <KeptPart as="ul" className="container-page grid gap-6 py-8 md:grid-cols-3">
          <HeroBlurbs t={t} />
        </KeptPart>
      </div>
    </section>
  );
}

type PanelLink = { to: string; label: string };

/** The two buttons on a green panel (the hero, the invitation to give): a white one, then an outlined one. */
function PanelButtons({ className, main, other }: { className: string; main: PanelLink; other: PanelLink }) {
  return (
    <div className={`${className} flex flex-wrap gap-3`}>
      <PartLink to={main.to} className="btn focus-ring bg-white text-emerald-900 hover:bg-emerald-50">
        {main.label}
      </PartLink>
      <PartLink to={other.to} className="btn focus-ring border-2 border-white text-white hover:bg-white/10">
        {other.label}
      </PartLink>
    </div>
  );
}

/** The hero's words, links and figures (kept while the page hydrates, decision 039). */
function HeroText({ t, format, foundingYear }: { t: HomeT; format: Format; foundingYear: number | null }) {
  return (
    <>
      <p className="font-semibold uppercase tracking-wide text-emerald-100">
        {foundingYear ? t("hero.eyebrow", { year: foundingYear }) : t("hero.eyebrowNoYear")}
      </p>
      <h1 id="hero-title" className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">
        {t("hero.title")}
      </h1>
      <p className="mt-4 max-w-xl text-lg text-emerald-50 dark:text-gray-200">{t("hero.lead")}</p>
      <PanelButtons
        className="mt-8"
        main={{ to: "/impact", label: t("hero.impactButton") }}
        other={{ to: "/join", label: t("hero.joinButton") }}
      />
      <h2 className="sr-only">{t("hero.statsLabel")}</h2>
      <dl className="mt-10 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {HERO_STATS.map((stat) => (
          <div key={stat.id} className="flex flex-col-reverse">
            <dt className="text-sm text-emerald-100 dark:text-gray-300">{t(`hero.stats.${stat.id}`)}</dt>
            <dd className="text-3xl font-extrabold">
              {format.number(stat.value)}
              {stat.suffix}
            </dd>
          </div>
        ))}
        {foundingYear ? (
          <div className="flex flex-col-reverse">
            <dt className="text-sm text-emerald-100 dark:text-gray-300">{t("hero.stats.launch")}</dt>
            <dd className="text-3xl font-extrabold">{foundingYear}</dd>
          </div>
        ) : null}
      </dl>
    </>
  );
}

function HeroBlurbs({ t }: { t: HomeT }) {
  return HERO_BLURBS.map((id) => (
    <li key={id}>
      <h3 className="text-lg font-bold">{t(`hero.blurbs.${id}.title`)}</h3>
      <p className="mt-1 text-emerald-50 dark:text-gray-300">{t(`hero.blurbs.${id}.text`)}</p>
    </li>
  ));
}

/** A program's words and link (kept while the page hydrates, decision 039). */
function ProgramText({
  t,
  program,
  title,
}: {
  t: HomeT;
  program: (typeof HOME_PROGRAMS)[number];
  title: string;
}) {
  return (
    <>
      <h3 className="text-2xl font-bold">{title}</h3>
      <p className="mt-1 font-semibold text-accent-800 dark:text-accent-200">
        {t(`programs.${program.id}.subtitle`)}
      </p>
      <p className="mt-3 text-gray-700 dark:text-gray-300">{t(`programs.${program.id}.description`)}</p>
      <CheckList
        className="mt-4"
        items={asList(t(`programs.${program.id}.features`, { returnObjects: true }))}
      />
      <PartLink to={program.path} className="btn-secondary mt-6">
        {t("programs.learnMore")}
        {/* The link says where it leads, for screen readers and search engines. */}
        <span className="sr-only">{t("programs.learnMoreAbout", { program: title })}</span>
      </PartLink>
    </>
  );
}

function Programs({ t }: { t: HomeT }) {
  return (
    <section aria-labelledby="programs-title" {...revealSection("container-page py-16")}>
      <h2 id="programs-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
        {t("programs.title")}
      </h2>
      <p className="mt-3 max-w-3xl text-lg text-gray-700 dark:text-gray-300">{t("programs.lead")}</p>
      <div className="mt-12 space-y-16">
        {HOME_PROGRAMS.map((program, index) => {
          const title = t(`programs.${program.id}.title`);
          return (
            <article key={program.id} className="grid items-center gap-8 md:grid-cols-2">
              <div
                className={`aspect-[3/2] overflow-hidden rounded-2xl bg-accent-100 dark:bg-gray-800 ${index % 2 === 1 ? "md:order-2" : ""}`}
              >
                <FallbackImage
                  src={program.image}
                  alt={t(`hero.slides.${program.id}.alt`)}
                  width={ILLUSTRATION.width}
                  height={ILLUSTRATION.height}
                  className="h-full w-full object-cover"
                  fallback={
                    <p className="flex h-full items-center justify-center p-6 text-center text-3xl font-bold text-accent-900 dark:text-accent-100">
                      {title}
                    </p>
                  }
                />
              </div>
              <KeptPart>
                <ProgramText t={t} program={program} title={title} />
              </KeptPart>
            </article>
          );
        })}
      </div>
      <div className="mt-16 rounded-2xl bg-accent-50 p-8 text-center dark:bg-gray-900">
        <h3 className="text-2xl font-bold">{t("programs.panel.title")}</h3>
        <p className="mx-auto mt-2 max-w-2xl text-gray-700 dark:text-gray-300">{t("programs.panel.text")}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <ModalLink
            href="/forms/enrollment"
            className="btn-primary"
            title={t("enrollment.title")}
            closeLabel={t("enrollment.close")}
            body={(close) => (
              <>
                <p className="text-gray-700 dark:text-gray-300">{t("enrollment.intro")}</p>
                {/* A place in a session is asked for in the family flow (decision 054); the form stays for inquiries. */}
                <p className="mt-3">
                  <Link to="/programs#sessions" className="link font-semibold">
                    {t("enrollment.sessions")}
                  </Link>
                </p>
                <Suspense fallback={<p className="mt-6">{t("common:loading")}</p>}>
                  <EnrollmentForm onDone={close} headingLevel={3} />
                </Suspense>
              </>
            )}
          >
            {t("programs.panel.enroll")}
          </ModalLink>
          <Link to="/volunteer" className="btn-secondary">
            {t("programs.panel.volunteer")}
          </Link>
        </div>
      </div>
    </section>
  );
}

const impactCard =
  "flex flex-col-reverse rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-700 dark:bg-gray-950";

/** The year's figures (kept while the page hydrates, decision 039, as are the invitations below). */
function ImpactFigures({
  t,
  format,
  foundingYear,
}: {
  t: HomeT;
  format: Format;
  foundingYear: number | null;
}) {
  return (
    <>
      <h2 id="impact-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
        {t("impact.title")}
      </h2>
      <p className="mt-3 max-w-3xl text-lg text-gray-700 dark:text-gray-300">{t("impact.lead")}</p>
      <dl className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {HOME_IMPACT.map((item) => (
          <div key={item.id} className={impactCard}>
            <dt className="mt-1 text-gray-700 dark:text-gray-300">{t(`impact.${item.id}`)}</dt>
            <dd className="text-3xl font-extrabold text-accent-800 dark:text-accent-200">
              {format.number(item.value)}
              {item.suffix}
            </dd>
          </div>
        ))}
        {foundingYear ? (
          <div className={impactCard}>
            <dt className="mt-1 text-gray-700 dark:text-gray-300">{t("impact.active")}</dt>
            <dd className="text-3xl font-extrabold text-accent-800 dark:text-accent-200">{foundingYear}</dd>
          </div>
        ) : null}
      </dl>
      <PartLink to="/impact" className="btn-primary mt-8">
        {t("impact.button")}
      </PartLink>
    </>
  );
}

function MissionInvitation({ t }: { t: HomeT }) {
  return (
    <>
      <h2 id="mission-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
        {t("mission.title")}
      </h2>
      <p className="mx-auto mt-4 max-w-3xl text-xl text-gray-800 dark:text-gray-200">
        {t("mission.description")}
      </p>
      <PartLink to="/mission" className="btn-secondary mt-8">
        {t("mission.button")}
      </PartLink>
    </>
  );
}

function GiveInvitation({ t, format }: { t: HomeT; format: Format }) {
  return (
    <div className="rounded-3xl bg-emerald-900 p-8 text-white sm:p-12 dark:bg-gray-900">
      <h2 id="cta-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
        {t("cta.title")}
      </h2>
      <p className="mt-3 max-w-2xl text-lg text-emerald-50 dark:text-gray-200">{t("cta.lead")}</p>
      <PanelButtons
        className="mt-6"
        main={{ to: "/give", label: t("cta.donate") }}
        other={{ to: "/volunteer", label: t("cta.volunteer") }}
      />
      <h3 className="mt-10 text-xl font-bold">{t("cta.tilesLabel")}</h3>
      <ul className="mt-4 grid gap-4 md:grid-cols-3">
        {HOME_GIFT_TILES_CENTS.map((amount) => (
          <li
            key={amount}
            className="flex flex-col rounded-2xl bg-white p-6 text-gray-900 dark:bg-gray-800 dark:text-gray-100"
          >
            <p className="text-4xl font-black text-emerald-800 dark:text-emerald-200">
              {format.money(amount)}
            </p>
            <p className="mt-2 flex-1">{t(`cta.tiles.${amount / 100}`, giftImpact(amount))}</p>
            <PartLink to={donateHref(amount)} className="btn-donate mt-4">
              {t("cta.giveAmount", { amount: format.money(amount) })}
            </PartLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const t = useRememberedTranslations(useTranslation("home").t, "home");
  const format = useFormat();
  const { foundingYear, campaign } = loaderData;
  useRevealSections();
  return (
    <>
      <Hero t={t} format={format} foundingYear={foundingYear} />

      <section aria-labelledby="stats-title" {...revealSection("bg-accent-50 dark:bg-gray-950", 0.3)}>
        <div className="container-page py-16 text-center">
          <h2 id="stats-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {t("stats.title")}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-gray-700 dark:text-gray-300">
            {t(campaign.ended ? "stats.leadEnded" : "stats.lead", { year: campaign.year })}
          </p>
          <StatCounters t={t} />
        </div>
      </section>

      <Programs t={t} />

      <section aria-labelledby="impact-title" {...revealSection("bg-gray-50 dark:bg-gray-900")}>
        <KeptPart className="container-page py-16" data={foundingYear}>
          <ImpactFigures t={t} format={format} foundingYear={foundingYear} />
        </KeptPart>
      </section>

      <section aria-labelledby="mission-title" {...revealSection()}>
        <KeptPart className="container-page py-16 text-center">
          <MissionInvitation t={t} />
        </KeptPart>
      </section>

      <section aria-labelledby="testimonials-title" {...revealSection("bg-accent-50 dark:bg-gray-950")}>
        <div className="container-page py-16">
          <h2 id="testimonials-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {t("testimonials.title")}
          </h2>
          <Testimonials t={t} />
        </div>
      </section>

      <section aria-labelledby="cta-title" {...revealSection()}>
        <KeptPart className="container-page py-16">
          <GiveInvitation t={t} format={format} />
        </KeptPart>
      </section>
    </>
  );
}
