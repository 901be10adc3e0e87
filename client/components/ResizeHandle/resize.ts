// The arithmetic of a resize handle, apart from the DOM: keys and drags to a new value in bounds.

export interface ResizeBounds {
  min: number;
  max: number;
  /** What one arrow key press moves. */
  step: number;
}

export const clamp = (value: number, { min, max }: ResizeBounds) => Math.min(max, Math.max(min, Math.round(value)));

/**
 * The value after a key press on the handle, or null for a key it does not use. Left and Down make
 * the measured pane (the one before the handle) smaller, Right and Up larger; Page keys move four
 * steps; Home and End go to the bounds.
 */
export function valueAfterKey(key: string, value: number, bounds: ResizeBounds): number | null {
  const moves: Record<string, number> = {
    ArrowLeft: -bounds.step,
    ArrowDown: -bounds.step,
    ArrowRight: bounds.step,
    ArrowUp: bounds.step,
    PageDown: -4 * bounds.step,
    PageUp: 4 * bounds.step,
    Home: -Infinity,
    End: Infinity,
  };
  const move = moves[key];
  if (move === undefined) return null;
  return Number.isFinite(move) ? clamp(value + move, bounds) : move < 0 ? bounds.min : bounds.max;
}

/** The value after dragging `dx` pixels from where the drag started. */
export function valueAfterDrag(start: number, dx: number, pixelsPerUnit: number, bounds: ResizeBounds): number {
  return clamp(start + dx / (pixelsPerUnit > 0 ? pixelsPerUnit : 1), bounds);
}
