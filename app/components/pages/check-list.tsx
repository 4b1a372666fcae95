/**
 * A list with a check mark before each item. In a file of its own (not with the blocks of ui.tsx):
 * the home page shows only this, and so loads none of the others (decision 030).
 */
export function CheckList({ items, className = "" }: { items: string[]; className?: string }) {
  return (
    <ul className={`space-y-2 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="mt-1 h-4 w-4 flex-none text-accent-700 dark:text-accent-300"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="m5 12 5 5 9-10" />
          </svg>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
