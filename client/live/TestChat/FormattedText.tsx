// Renders a formatted message tree (telegram-format.ts) as React elements: text stays text, links
// open in a new tab without access to this page, spoilers hide their words until tapped.
import { useState, type ReactNode } from 'react';
import { formatMessage, type FormatNode } from './telegram-format';
import classes from './TestChat.module.css';

interface FormattedTextProps {
  text: string;
  entities?: ReadonlyArray<Record<string, unknown>>;
  /** Tapping a /command sends it, as in Telegram; without this, commands are only highlighted. */
  onCommand?: (command: string) => void;
}

function Spoiler({ children }: { children: ReactNode }) {
  const [revealed, setRevealed] = useState(false);
  if (revealed) return <span className={classes.spoiler} data-revealed>{children}</span>;
  return (
    <span
      className={classes.spoiler}
      role="button"
      tabIndex={0}
      aria-label="Hidden text: press to reveal"
      onClick={() => setRevealed(true)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          setRevealed(true);
        }
      }}
    >
      <span aria-hidden>{children}</span>
    </span>
  );
}

function renderNodes(nodes: FormatNode[], onCommand: FormattedTextProps['onCommand'], path = ''): ReactNode[] {
  return nodes.map((node, index) => {
    const key = `${path}${index}`;
    switch (node.type) {
      case 'text':
        return node.text;
      case 'bold':
        return <strong key={key}>{renderNodes(node.children, onCommand, `${key}.`)}</strong>;
      case 'italic':
        return <em key={key}>{renderNodes(node.children, onCommand, `${key}.`)}</em>;
      case 'underline':
        return <u key={key}>{renderNodes(node.children, onCommand, `${key}.`)}</u>;
      case 'strike':
        return <s key={key}>{renderNodes(node.children, onCommand, `${key}.`)}</s>;
      case 'spoiler':
        return <Spoiler key={key}>{renderNodes(node.children, onCommand, `${key}.`)}</Spoiler>;
      case 'blockquote':
        return (
          <blockquote key={key} className={classes.quote} data-expandable={node.expandable || undefined}>
            {renderNodes(node.children, onCommand, `${key}.`)}
          </blockquote>
        );
      case 'code':
        return (
          <code key={key} className={classes.inlineCode}>
            {node.text}
          </code>
        );
      case 'pre':
        return (
          <pre key={key} className={classes.pre} data-language={node.language}>
            {node.language && <span className={classes.preLanguage}>{node.language}</span>}
            <code>{node.text}</code>
          </pre>
        );
      case 'link':
        return (
          <a key={key} href={node.href} target="_blank" rel="noopener noreferrer" className={classes.link}>
            {renderNodes(node.children, onCommand, `${key}.`)}
          </a>
        );
      case 'command':
        return onCommand ? (
          <button key={key} type="button" className={classes.command} onClick={() => onCommand(node.command)} title={`Send ${node.command}`}>
            {node.command}
          </button>
        ) : (
          <span key={key} className={classes.commandText}>
            {node.command}
          </span>
        );
    }
  });
}

export function FormattedText({ text, entities, onCommand }: FormattedTextProps) {
  return <>{renderNodes(formatMessage(text, entities), onCommand)}</>;
}
