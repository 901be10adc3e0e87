// What every editor in the builder shares: 4-space indentation with Tab inserting four spaces
// no line wrapping, and a monospace look that matches the chat's code blocks.
import { indentLess, indentMore } from '@codemirror/commands';
import { indentUnit } from '@codemirror/language';
import { EditorState, Prec, type Extension } from '@codemirror/state';
import { EditorView, keymap, type Command } from '@codemirror/view';
import type { BasicSetupOptions } from '@uiw/react-codemirror';

const FOUR_SPACES = '    ';

/** Tab: four spaces at the cursor; with text selected, the lines move one level in. */
const insertFourSpaces: Command = (view) => {
  if (view.state.readOnly) return false;
  if (view.state.selection.ranges.some((r) => !r.empty)) return indentMore(view);
  view.dispatch(view.state.replaceSelection(FOUR_SPACES), { scrollIntoView: true, userEvent: 'input.type' });
  return true;
};

export const basicSetup: BasicSetupOptions = {
  tabSize: 4,
  // Completion popups would swallow Enter while typing plain code; the editor stays predictable.
  autocompletion: false,
  highlightActiveLine: true,
  foldGutter: true,
};

export function indentation(): Extension {
  return [
    indentUnit.of(FOUR_SPACES),
    EditorState.tabSize.of(4),
    Prec.high(keymap.of([{ key: 'Tab', run: insertFourSpaces, shift: indentLess }])),
  ];
}

export const editorTheme = EditorView.theme({
  '&': { fontSize: '13px', backgroundColor: 'var(--mantine-color-white)' },
  '.cm-content, .cm-gutter': { fontFamily: 'var(--mantine-font-family-monospace)' },
  '.cm-gutters': { backgroundColor: 'var(--mantine-color-gray-0)', borderRight: '1px solid var(--mantine-color-gray-2)' },
  '&.cm-focused': { outline: 'none' },
});

/** The proposal of an AI change and an old version: shown read-only on a green background. */
export const proposalTheme = EditorView.theme({
  '&': { backgroundColor: '#f3fbf5' },
  '.cm-gutters': { backgroundColor: '#e6f6ea' },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'transparent' },
  // Added lines stand out from the (already green) background.
  '.cm-changedLine': { backgroundColor: 'rgba(34, 197, 94, 0.18) !important' },
  // The default ⦚ marks are missing from common monospace fonts (they render as boxes).
  '.cm-collapsedLines': { fontSize: '12px', color: 'var(--mantine-color-gray-7)' },
  '.cm-collapsedLines:before': { content: '"···"' },
  '.cm-collapsedLines:after': { content: '"(click to show)"', color: 'var(--mantine-color-gray-5)' },
});

/** Names the editable area for screen readers and tests. */
export function contentLabel(label: string): Extension {
  return EditorView.contentAttributes.of({ 'aria-label': label });
}
