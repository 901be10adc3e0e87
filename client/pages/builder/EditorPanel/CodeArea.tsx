// The editable code: CodeMirror with highlighting by extension, at least 500px and at most 80vh tall
// with its own scroll, no wrapping unless the person turned it on, light or dark with the page.
import { useMemo } from 'react';
import { useComputedColorScheme } from '@mantine/core';
import CodeMirror from '@uiw/react-codemirror';
import { basicSetup, contentLabel, editorTheme, indentation, schemeTheme, wrapLines } from './editor-setup';
import { languageExtension } from './editor-languages';
import classes from './EditorPanel.module.css';

interface CodeAreaProps {
  filename: string;
  value: string;
  onChange: (value: string) => void;
  wrap: boolean;
}

export function CodeArea({ filename, value, onChange, wrap }: CodeAreaProps) {
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const extensions = useMemo(
    () => [languageExtension(filename), indentation(), editorTheme, contentLabel('File content'), ...(wrap ? [wrapLines] : [])],
    [filename, wrap],
  );
  return (
    <CodeMirror
      className={classes.code}
      value={value}
      onChange={onChange}
      extensions={extensions}
      basicSetup={basicSetup}
      minHeight="500px"
      maxHeight="80vh"
      theme={schemeTheme[scheme]}
    />
  );
}
