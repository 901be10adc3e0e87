// One console line: its time, its level, and its text in the bot's colours. The colours are spans
// built as React nodes from parsed codes (ansi.ts), so nothing a bot prints becomes markup.
import { memo } from 'react';
import { clockTime, type LogLine } from '../runner-logs';
import classes from './ConsoleLogs.module.css';

export const ConsoleLine = memo(function ConsoleLine({ line }: { line: LogLine }) {
  return (
    <div className={classes.line} data-level={line.level}>
      <span className={classes.time}>[{clockTime(line.at)}]</span>
      <span className={classes.level}>{line.level.toUpperCase()}</span>
      <span className={classes.text}>
        {line.spans
          ? line.spans.map((span, i) =>
              span.color || span.bold ? (
                <span key={i} className={classes.ansi} data-color={span.color} data-bold={span.bold || undefined}>
                  {span.text}
                </span>
              ) : (
                span.text
              ),
            )
          : line.text}
      </span>
    </div>
  );
});
