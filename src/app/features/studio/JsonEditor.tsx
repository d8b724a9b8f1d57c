import { json } from '@codemirror/lang-json';
import { linter, lintGutter, type Diagnostic as CmDiagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';
import type { Diagnostic } from './lint';

export interface JsonEditorProps {
  value: string;
  onChange(text: string): void;
  /** Lints the text (JSON syntax, meta-schema, our keywords); run by CodeMirror after typing pauses. */
  lint(text: string): Diagnostic[] | Promise<Diagnostic[]>;
  /** Accessible name of the editing area. */
  label: string;
}

/**
 * CodeMirror 6 with JSON highlighting and lint. The editor owns its text while staff type; a change from
 * outside (the form view, discard) replaces the document.
 */
export function JsonEditor({ value, onChange, lint, label }: JsonEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  const lintRef = useRef(lint);
  useEffect(() => {
    onChangeRef.current = onChange;
    lintRef.current = lint;
  });

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          json(),
          lintGutter(),
          linter(async (v): Promise<CmDiagnostic[]> => {
            const text = v.state.doc.toString();
            const max = text.length;
            return (await lintRef.current(text)).map((d) => ({ from: Math.min(d.from, max), to: Math.min(Math.max(d.to, d.from), max), severity: d.severity, message: d.message }));
          }, { delay: 400 }),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) onChangeRef.current(u.state.doc.toString());
          }),
          EditorView.theme({ '&': { maxHeight: '70vh', border: '1px solid #8a8886' }, '.cm-scroller': { overflow: 'auto' } }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is created once per mount; later values arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [label]);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  return <div ref={host} data-testid="json-editor" />;
}
