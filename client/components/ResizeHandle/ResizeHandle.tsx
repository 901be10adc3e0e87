// A handle between two side-by-side panes: dragged with a pointer, or focused and moved with the
// arrow keys (Home and End to the bounds, a double click back to the default). It measures the pane
// before it (aria-valuenow), as a window splitter does.
import { useRef, useState } from 'react';
import { clamp, valueAfterDrag, valueAfterKey, type ResizeBounds } from './resize';
import classes from './ResizeHandle.module.css';

interface ResizeHandleProps extends ResizeBounds {
  /** Names the handle, e.g. "Resize the file list". */
  label: string;
  /** The id of the pane before the handle, the one it resizes. */
  controls?: string;
  value: number;
  defaultValue: number;
  onChange: (value: number) => void;
  /** Pixels per unit of `value`, measured when a drag starts; 1 (the default) for a value in pixels. */
  pixelsPerUnit?: () => number;
  /** How the value reads to a screen reader ("320 pixels"). */
  valueText?: (value: number) => string;
  className?: string;
}

export function ResizeHandle(props: ResizeHandleProps) {
  const { label, controls, value, defaultValue, onChange, pixelsPerUnit, valueText, className, ...bounds } = props;
  const drag = useRef<{ x: number; value: number; ppu: number } | null>(null);
  const [dragging, setDragging] = useState(false);

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-controls={controls}
      aria-valuenow={value}
      aria-valuemin={bounds.min}
      aria-valuemax={bounds.max}
      aria-valuetext={valueText?.(value)}
      tabIndex={0}
      className={className ? `${classes.handle} ${className}` : classes.handle}
      data-dragging={dragging || undefined}
      onKeyDown={(e) => {
        const next = valueAfterKey(e.key, value, bounds);
        if (next === null) return;
        e.preventDefault();
        onChange(next);
      }}
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        // No text selection while dragging, and the moves keep coming when the pointer leaves the handle.
        e.preventDefault();
        e.currentTarget.setPointerCapture(e.pointerId);
        drag.current = { x: e.clientX, value, ppu: pixelsPerUnit?.() ?? 1 };
        setDragging(true);
      }}
      onPointerMove={(e) => {
        const start = drag.current;
        if (start) onChange(valueAfterDrag(start.value, e.clientX - start.x, start.ppu, bounds));
      }}
      onPointerUp={() => {
        drag.current = null;
        setDragging(false);
      }}
      onPointerCancel={() => {
        drag.current = null;
        setDragging(false);
      }}
      onDoubleClick={() => onChange(clamp(defaultValue, bounds))}
    />
  );
}
