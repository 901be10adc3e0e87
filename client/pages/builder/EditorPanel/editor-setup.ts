// What every editor in the builder shares: 4-space indentation with Tab inserting four spaces,
// no line wrapping unless asked for, a monospace look that matches the chat's code blocks, and
// colours that follow the page's light or dark scheme.
import { indentLess, indentMore } from '@codemirror/commands';
import { indentUnit } from '@codemirror/language';
import { EditorState, Prec, type Extension } from '@codemirror/state';
import { EditorView, keymap, type Command } from '@codemirror/view';
import { oneDark, type BasicSetupOptions } from '@uiw/react-codemirror';

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
  '&': { fontSize: '13px' },
  '.cm-content, .cm-gutter': { fontFamily: 'var(--mantine-font-family-monospace)' },
  '&.cm-focused': { outline: 'none' },
});

/** The page's surfaces (Mantine's body colour, a quieter gutter), for the light or the dark scheme. */
const surface = (dark: boolean) =>
  EditorView.theme(
    {
      '&': { backgroundColor: 'var(--mantine-color-body)' },
      '.cm-gutters': dark
        ? { backgroundColor: 'var(--mantine-color-dark-6)', color: 'var(--mantine-color-dark-2)', borderRight: '1px solid var(--mantine-color-dark-4)' }
        : { backgroundColor: 'var(--mantine-color-gray-0)', borderRight: '1px solid var(--mantine-color-gray-2)' },
    },
    { dark },
  );

/**
 * The `theme` of an editor for the page's colour scheme: dark is One Dark's highlighting and
 * selection on the page's own dark surfaces. (A theme comes before the other extensions, so it
 * wins over them: the surfaces come first here to win over One Dark's.)
 */
export const schemeTheme = { light: surface(false), dark: [surface(true), oneDark] } satisfies Record<'light' | 'dark', Extension>;

/** Long lines wrap at the editor's edge instead of scrolling sideways. */
export const wrapLines = EditorView.lineWrapping;

/**
 * The proposal of an AI change and an old version: shown read-only on a green background. Highest
 * precedence: it paints over the scheme's surfaces.
 */
export const proposalTheme = Prec.highest(
  EditorView.theme({
    '&': { backgroundColor: 'light-dark(#f3fbf5, #18241c)' },
    '.cm-gutters': { backgroundColor: 'light-dark(#e6f6ea, #1d2d22)' },
    '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'transparent' },
    // Added lines stand out from the (already green) background.
    '.cm-changedLine': { backgroundColor: 'rgba(34, 197, 94, 0.18) !important' },
    // The default ⦚ marks are missing from common monospace fonts (they render as boxes).
    '.cm-collapsedLines': { fontSize: '12px', color: 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))' },
    '.cm-collapsedLines:before': { content: '"···"' },
    '.cm-collapsedLines:after': { content: '"(click to show)"', color: 'light-dark(var(--mantine-color-gray-5), var(--mantine-color-dark-2))' },
  }),
);

/** Names the editable area for screen readers and tests. */
export function contentLabel(label: string): Extension {
  return EditorView.contentAttributes.of({ 'aria-label': label });
}
