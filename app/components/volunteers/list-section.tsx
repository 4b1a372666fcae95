import type { ReactNode } from "react";

/**
 * A titled part of a volunteer page (decision 055): its heading names the section for a screen
 * reader, and `empty`, when given, is said instead of the list it would hold.
 */
export function ListSection({
  id,
  title,
  size = "xl",
  empty,
  children,
}: {
  id: string;
  title: string;
  /** The staff pages' headings are `xl`, the volunteer's own page's `2xl`. */
  size?: "xl" | "2xl";
  empty?: string | false;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={size === "xl" ? "text-xl font-bold" : "text-2xl font-bold"}>
        {title}
      </h2>
      {empty ? <p className="mt-3">{empty}</p> : children}
    </section>
  );
}
