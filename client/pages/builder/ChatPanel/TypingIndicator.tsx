// Three dots that pulse while the assistant is working on a reply.
import classes from './ChatPanel.module.css';

export function TypingIndicator() {
  return (
    <span className={classes.typing} role="status" aria-label="Assistant is typing">
      <span />
      <span />
      <span />
    </span>
  );
}
