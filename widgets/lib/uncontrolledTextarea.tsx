import { type TextareaProps, renderTextarea_unstable, useTextarea_unstable, useTextareaStyles_unstable } from '@fluentui/react-components';
import { forwardRef } from 'react';
import { uncontrolled } from './uncontrolled';

// See UncontrolledInput (./uncontrolled): the same for Fluent's Textarea, loaded with the lazy TextareaWidget only.

/** Fluent's Textarea; with `defaultValue` and no `value`, an uncontrolled `<textarea>` (onChange still called per key). */
export const UncontrolledTextarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function UncontrolledTextarea(props, ref) {
  const state = useTextarea_unstable(props, ref);
  uncontrolled(state.textarea, props);
  useTextareaStyles_unstable(state);
  return renderTextarea_unstable(state);
});
