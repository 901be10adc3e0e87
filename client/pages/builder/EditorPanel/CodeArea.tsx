// The editable code: CodeMirror with highlighting by extension, at least 500px and at most 80vh tall
// with its own scroll, no wrapping.
import { useMemo } from 'react';
import CodeMirror from '@uiw/react-codemirror';
import { basicSetup, contentLabel, editorTheme, indentation } from './editor-setup';
import { languageExtension } from './editor-languages';
import classes from './EditorPanel.module.css';

interface CodeAreaProps {
  filename: string;
  value: string;
  onChange: (value: string) => void;
}

export function CodeArea({ filename, value, onChange }: CodeAreaProps) {
  const extensions = useMemo(
    () => [languageExtension(filename), indentation(), editorTheme, contentLabel('File content')],
    [filename],
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
      theme="light"
    />
  );
}
