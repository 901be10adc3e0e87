// Only the lazy handle is exported: a static import of EditorPanel would pull CodeMirror into the
// main bundle.
import { lazy } from 'react';

export const EditorPanel = lazy(() => import('./EditorPanel'));
