import { lazy, Suspense, useCallback, useState, type ReactNode } from "react";
import { useHydrated } from "./motion";

// The dialog is only needed after a click, so its code stays out of the first view.
const Modal = lazy(() => import("~/components/modal").then((module) => ({ default: module.Modal })));

/**
 * A link to a page (it works without JavaScript) that, with JavaScript, opens the same
 * content in a modal instead (docs/product.md §2: enrollment, application and info-request dialogs).
 */
export function ModalLink({
  href,
  className,
  children,
  title,
  closeLabel,
  body,
  label,
}: {
  href: string;
  className: string;
  /** An accessible name when the visible words are not enough ("Request information about Stock"). */
  label?: string;
  children: ReactNode;
  title: string;
  closeLabel: string;
  /** The dialog's content; a function receives `close`, for content that ends itself (a sent form). */
  body: ReactNode | ((close: () => void) => ReactNode);
}) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  // Until the page hydrates (and on a reading page, which never does, decision 074) it is a plain link.
  const hydrated = useHydrated();
  return (
    <>
      <a
        href={href}
        className={className}
        aria-haspopup={hydrated ? "dialog" : undefined}
        aria-label={label}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          setMounted(true);
          setOpen(true);
        }}
      >
        {children}
      </a>
      {mounted ? (
        <Suspense fallback={null}>
          <Modal open={open} onClose={close} title={title} closeLabel={closeLabel}>
            {typeof body === "function" ? body(close) : body}
          </Modal>
        </Suspense>
      ) : null}
    </>
  );
}
