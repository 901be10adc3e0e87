// A read-only line diff (@codemirror/merge, unified): the document is the new text on a green
// background, with removed lines of the original shown in red between its lines.
import { useMemo } from 'react';
import { getChunks, unifiedMergeView } from '@codemirror/merge';
import { EditorView } from '@codemirror/view';
import { useComputedColorScheme } from '@mantine/core';
import CodeMirror from '@uiw/react-codemirror';
import { basicSetup, contentLabel, editorTheme, proposalTheme, schemeTheme, wrapLines } from './editor-setup';
import { languageExtension } from './editor-languages';
import classes from './EditorPanel.module.css';

/** FNV-1a: a cheap fingerprint of both texts, so the view remounts exactly when they change. */
function fingerprint(...texts: string[]): string {
  let h = 0x811c9dc5;
  for (const text of texts) {
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ 0xff, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

interface DiffViewProps {
  filename: string;
  original: string;
  modified: string;
  label: string;
  /** Fold long unchanged stretches (history), or show the whole text (an AI proposal). */
  collapseUnchanged?: boolean;
  minHeight?: string;
  maxHeight?: string;
  /** Wrap long lines, as the editor does when the person asked for it. */
  wrap?: boolean;
}

export function DiffView({ filename, original, modified, label, collapseUnchanged, minHeight = '500px', maxHeight = '80vh', wrap = false }: DiffViewProps) {
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const extensions = useMemo(
    () => [
      languageExtension(filename),
      unifiedMergeView({
        original,
        mergeControls: false,
        highlightChanges: true,
        gutter: true,
        syntaxHighlightDeletions: true,
        collapseUnchanged: collapseUnchanged ? { margin: 3, minSize: 6 } : undefined,
      }),
      editorTheme,
      proposalTheme,
      contentLabel(label),
      ...(wrap ? [wrapLines] : []),
    ],
    [filename, original, collapseUnchanged, label, wrap],
  );
  return (
    <CodeMirror
      // A new original means a new merge state: remount rather than reconfigure.
      key={fingerprint(original, modified)}
      className={classes.code}
      value={modified}
      extensions={extensions}
      basicSetup={basicSetup}
      editable={false}
      readOnly
      minHeight={minHeight}
      maxHeight={maxHeight}
      theme={schemeTheme[scheme]}
      // A change deep in a long file would otherwise start out of sight.
      onCreateEditor={(view) => {
        const first = getChunks(view.state)?.chunks[0];
        if (first) requestAnimationFrame(() => view.dispatch({ effects: EditorView.scrollIntoView(first.fromB, { y: 'center' }) }));
      }}
    />
  );
}
