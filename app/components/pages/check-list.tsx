import { CheckIcon } from "~/components/layout/icons";

/**
 * A list with a check mark before each item. In a file of its own (not with the blocks of ui.tsx):
 * the home page shows only this, and so loads none of the others (decision 030). Its marks are the
 * sprite's and its classes one shortcut: an events page has dozens (decision 042).
 */
export function CheckList({ items, className = "" }: { items: string[]; className?: string }) {
  return (
    <ul className={`space-y-2 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <CheckIcon className="check-mark" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
