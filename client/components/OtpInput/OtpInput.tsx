// Six single-digit boxes for an emailed code. Typing moves on, Backspace in an empty box moves
// back, pasting fills the boxes; the rules live in otp-cells.ts.
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Group, Input } from '@mantine/core';
import { backspaceInBox, cellsFromValue, OTP_LENGTH, pasteCode, typeIntoBox, valueFromCells, type OtpEdit } from './otp-cells';
import classes from './OtpInput.module.css';

interface OtpInputProps {
  /** One character per box, a space for an empty box (see valueFromCells). */
  value: string;
  onChange: (value: string) => void;
  error?: React.ReactNode;
  disabled?: boolean;
  autoFocus?: boolean;
  label?: string;
}

export function OtpInput({ value, onChange, error, disabled, autoFocus, label = 'Verification code' }: OtpInputProps) {
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const cells = cellsFromValue(value);

  const apply = (edit: OtpEdit) => {
    onChange(valueFromCells(edit.cells));
    const target = boxes.current[edit.focus];
    target?.focus();
    target?.select();
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      apply(backspaceInBox(cells, index));
    } else if (/^\d$/.test(event.key) && event.key === cells[index] && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Typing the digit a box already holds leaves its value unchanged, so no change event would
      // fire and the focus would stay put: move on here instead.
      event.preventDefault();
      apply(typeIntoBox(cells, index, event.key));
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      boxes.current[index - 1]?.focus();
    } else if (event.key === 'ArrowRight' && index < OTP_LENGTH - 1) {
      event.preventDefault();
      boxes.current[index + 1]?.focus();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    apply(pasteCode(event.clipboardData.getData('text')));
  };

  return (
    <Input.Wrapper label={label} error={error} labelElement="div" classNames={{ label: classes.label }}>
      <Group gap={8} wrap="nowrap" role="group" aria-label={label} className={classes.group}>
        {cells.map((digit, index) => (
          <input
            key={index}
            ref={(el) => {
              boxes.current[index] = el;
            }}
            className={classes.box}
            data-error={error ? true : undefined}
            data-filled={digit ? true : undefined}
            data-testid={`otp-${index}`}
            aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
            aria-invalid={error ? true : undefined}
            value={digit}
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            pattern="[0-9]*"
            disabled={disabled}
            autoFocus={autoFocus && index === 0}
            onChange={(e) => apply(typeIntoBox(cells, index, e.currentTarget.value))}
            onKeyDown={onKeyDown(index)}
            onPaste={onPaste}
            onFocus={(e) => e.currentTarget.select()}
          />
        ))}
      </Group>
    </Input.Wrapper>
  );
}
