import type { TFunction } from "i18next";
import { useNavigation } from "react-router";

/** The centred spinner and Loading... of docs/product.md §2 while the next page loads. */
export function NavigationPending({ t }: { t: TFunction }) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.formMethod === undefined;
  return (
    <div role="status" aria-live="polite" className="pointer-events-none">
      {loading ? (
        <div className="navigation-pending fixed inset-0 z-30 flex items-center justify-center bg-white/60 dark:bg-gray-950/60">
          <div className="flex flex-col items-center gap-3 rounded-xl bg-white px-6 py-5 shadow-lg dark:bg-gray-900">
            <span
              aria-hidden="true"
              className="h-10 w-10 animate-spin rounded-full border-4 border-gray-200 border-t-accent-700 dark:border-gray-700 dark:border-t-accent-300"
            />
            <span className="font-medium">{t("loading")}</span>
          </div>
        </div>
      ) : null}
    </div>
  );
}
