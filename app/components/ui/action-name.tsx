/**
 * A button's or link's words, named for a screen reader with what it acts on ("Sign up: Park
 * clean-up") in one hidden text. A hidden suffix beside the visible words would be a box of its
 * own (`sr-only` is position: absolute) inside the inline-flex button, and browsers join such
 * boxes with a space: "Sign up : Park clean-up".
 */
export function ActionName({ words, subject }: { words: string; subject: string }) {
  return (
    <>
      <span aria-hidden="true">{words}</span>
      <span className="sr-only">{`${words}: ${subject}`}</span>
    </>
  );
}
