import type { ReactNode } from "react";

/** The table look shared by the back office and /account (decision 018). */
export const tableClass = "w-full min-w-[40rem] border-collapse text-left text-sm";
export const thClass =
  "border-b-2 border-gray-300 px-3 py-2 font-semibold text-gray-700 dark:border-gray-600 dark:text-gray-300";
export const tdClass = "border-b border-gray-200 px-3 py-2 align-top dark:border-gray-800";

/**
 * A horizontally scrollable table region, labelled for keyboard and screen-reader users.
 * `relative` makes it the containing block of the cells' visually hidden (`sr-only`, absolutely
 * positioned) text: otherwise that text is placed against the page, outside the region's
 * scrolling, and the whole page scrolls sideways on a phone (decision 048, WCAG 1.4.10).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
    <div role="region" aria-label={label} tabIndex={0} className="focus-ring relative mt-4 overflow-x-auto">
      {children}
    </div>
  );
}
