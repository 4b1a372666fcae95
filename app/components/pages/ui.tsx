import type { ReactNode } from "react";
import { Link } from "react-router";

/** Building blocks the content pages share, so every page reads and looks the same. */

export function Section({
  id,
  title,
  lead,
  children,
  tinted = false,
}: {
  id: string;
  title: string;
  lead?: string;
  children?: ReactNode;
  tinted?: boolean;
}) {
  return (
    <section aria-labelledby={id} className={tinted ? "bg-gray-50 dark:bg-gray-900" : undefined}>
      <div className="container-page py-12 sm:py-16">
        <h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h2>
        {lead ? <p className="mt-3 max-w-3xl text-lg text-gray-700 dark:text-gray-300">{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}

type Stat = { value: string; label: string };

export function StatList({ stats, className = "" }: { stats: Stat[]; className?: string }) {
  return (
    <dl className={`mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4 ${className}`}>
      {stats.map((stat) => (
        <div
          key={stat.label}
          className="flex min-w-0 flex-col-reverse rounded-xl border border-gray-200 bg-white p-4 sm:p-5 dark:border-gray-700 dark:bg-gray-900"
        >
          <dt className="mt-1 text-gray-700 dark:text-gray-300">{stat.label}</dt>
          {/* A figure never breaks inside ("$500,0 / 00"): it stays on one line, a size smaller on phones. */}
          <dd className="whitespace-nowrap text-2xl font-extrabold tabular-nums text-accent-800 sm:text-3xl dark:text-accent-200">
            {stat.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function Card({
  title,
  children,
  badge,
  headingLevel = 3,
}: {
  title: string;
  children?: ReactNode;
  badge?: string;
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <article className="flex flex-col rounded-xl border border-gray-200 bg-white p-6 shadow-sm dark:border-gray-700 dark:bg-gray-900">
      {badge ? <Badge>{badge}</Badge> : null}
      <Heading className="text-xl font-bold">{title}</Heading>
      <div className="mt-2 flex flex-1 flex-col gap-3 text-gray-700 dark:text-gray-300">{children}</div>
    </article>
  );
}

export function Badge({ children }: { children: ReactNode }) {
  return (
    <p className="mb-3 self-start rounded-full bg-accent-100 px-3 py-1 text-sm font-semibold text-accent-900 dark:bg-accent-900 dark:text-accent-100">
      {children}
    </p>
  );
}

export function CardGrid({ children, columns = 3 }: { children: ReactNode; columns?: 2 | 3 | 4 }) {
  const cols = {
    2: "md:grid-cols-2",
    3: "md:grid-cols-2 lg:grid-cols-3",
    4: "sm:grid-cols-2 lg:grid-cols-4",
  }[columns];
  return <div className={`mt-8 grid gap-6 ${cols}`}>{children}</div>;
}

/** Facts shown as a definition list: "Commitment: 2-4 hours a week". */
export function Facts({ items }: { items: { term: string; value: string }[] }) {
  return (
    <dl className="grid gap-1 text-sm">
      {items.map((item) => (
        <div key={item.term} className="flex flex-wrap gap-x-1">
          <dt className="font-semibold text-gray-900 dark:text-gray-100">{item.term}:</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Steps({ steps }: { steps: { title: string; text: string }[] }) {
  return (
    <ol className="mt-8 grid gap-4 md:grid-cols-2 lg:grid-cols-5">
      {steps.map((step, index) => (
        <li key={step.title} className="rounded-xl border border-gray-200 p-5 dark:border-gray-700">
          <span
            aria-hidden="true"
            className="flex h-10 w-10 items-center justify-center rounded-full bg-accent-700 font-bold text-white dark:bg-accent-300 dark:text-gray-950"
          >
            {index + 1}
          </span>
          <h3 className="mt-3 text-lg font-bold">{step.title}</h3>
          <p className="mt-1 text-gray-700 dark:text-gray-300">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

export function Quote({ quote, author, role }: { quote: string; author: string; role: string }) {
  return (
    <figure className="rounded-xl border-l-4 border-accent-600 bg-white p-6 shadow-sm dark:border-accent-300 dark:bg-gray-900">
      <blockquote className="text-lg text-gray-800 dark:text-gray-200">
        <p>“{quote}”</p>
      </blockquote>
      <figcaption className="mt-3">
        <span className="font-semibold">{author}</span>
        <span className="text-gray-700 dark:text-gray-300">, {role}</span>
      </figcaption>
    </figure>
  );
}

/**
 * Where a form goes: its heading, its short intro and a link to its own
 * page (/forms/X), which works without JavaScript until the embedded form replaces it.
 */
/**
 * A form's section on a content page: heading, intro, and either the embedded form
 * (children) or a link to the form's own page.
 */
export function FormSlot({
  id,
  title,
  intro,
  href,
  action,
  note,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  note?: string;
} & (
  { children: ReactNode; href?: never; action?: never } | { children?: never; href: string; action: string }
)) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 bg-accent-50 dark:bg-gray-900">
      <div className="container-page py-12 sm:py-16">
        <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h2>
        <p className="mt-3 max-w-3xl text-lg text-gray-800 dark:text-gray-200">{intro}</p>
        {note ? <p className="mt-2 max-w-3xl text-gray-700 dark:text-gray-300">{note}</p> : null}
        {children ? (
          <div className="mt-8 max-w-3xl rounded-2xl bg-white p-5 shadow-sm sm:p-8 dark:bg-gray-950">
            {children}
          </div>
        ) : (
          <p className="mt-6">
            <Link to={href!} className="btn-primary">
              {action}
            </Link>
          </p>
        )}
      </div>
    </section>
  );
}

export function Paragraphs({ items, className = "" }: { items: string[]; className?: string }) {
  return (
    <div className={`space-y-4 text-lg text-gray-800 dark:text-gray-200 ${className}`}>
      {items.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </div>
  );
}

/** A section's next steps as a row of buttons: the first is the one the page suggests, the rest secondary. */
export function LinkButtons({ links }: { links: readonly { to: string; label: string }[] }) {
  return (
    <div className="mt-8 flex flex-wrap gap-3">
      {links.map((link, index) => (
        <Link key={link.to} to={link.to} className={index === 0 ? "btn-primary" : "btn-secondary"}>
          {link.label}
        </Link>
      ))}
    </div>
  );
}
