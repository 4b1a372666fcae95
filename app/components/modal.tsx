import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * An accessible modal on the native <dialog> element: showModal() traps focus and closes on
 * Escape; a click on the backdrop or the close button closes it too, and focus goes back to
 * whatever opened it. The title is the dialog's accessible name.
 */
export function Modal({
  open,
  onClose,
  title,
  closeLabel,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    function onNativeClose() {
      if (opener.current instanceof HTMLElement) opener.current.focus();
      onClose();
    }
    // showModal() makes the page inert, but Tab can still leave for the browser's own toolbar;
    // keep it cycling inside the dialog.
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Tab") return;
      const focusable = [
        ...dialog!.querySelectorAll<HTMLElement>(
          "a[href], button, input, select, textarea, [tabindex]:not([tabindex='-1'])",
        ),
      ].filter((element) => !element.hasAttribute("disabled") && element.offsetParent !== null);
      const first = focusable[0];
      const last = focusable.at(-1);
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
    dialog.addEventListener("close", onNativeClose);
    dialog.addEventListener("keydown", onKeyDown);
    return () => {
      dialog.removeEventListener("close", onNativeClose);
      dialog.removeEventListener("keydown", onKeyDown);
    };
  }, [onClose]);

  return (
    // The backdrop is the <dialog> itself (its content fills an inner box): a click on it closes.
    // Keyboard users close with Escape or the close button, so no key handler is needed here.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClick={(event) => {
        if (event.target === event.currentTarget) ref.current?.close();
      }}
      className="m-auto max-h-[90vh] w-[min(36rem,calc(100vw-2rem))] overflow-visible text-start rounded-2xl bg-transparent p-0 text-gray-900 backdrop:bg-gray-950/70 dark:text-gray-100"
    >
      <div className="max-h-[90vh] overflow-y-auto rounded-2xl bg-white p-6 shadow-xl dark:bg-gray-900">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-2xl font-bold">
            {title}
          </h2>
          <button
            type="button"
            onClick={() => ref.current?.close()}
            className="focus-ring tap-target -mr-2 -mt-2 inline-flex items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800"
            aria-label={closeLabel}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <div className="mt-4">{children}</div>
      </div>
    </dialog>
  );
}
