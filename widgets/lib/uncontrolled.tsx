import { type InputProps, renderInput_unstable, useInput_unstable, useInputStyles_unstable } from '@fluentui/react-components';
import { type ChangeEvent, forwardRef } from 'react';

// Fluent's Input and Textarea keep their element's value in React state even when given only a defaultValue: every
// key is a state update, a render and a commit of the field. These are the same components (Fluent's own hooks and
// styles, composed as Fluent composes them; the app registers no custom style hooks) whose element is uncontrolled
// when no `value` is given: the element holds what is typed and a key renders nothing (useTypedText). With a `value`
// they are Fluent's controlled components unchanged. UncontrolledTextarea is in its own module (./uncontrolledTextarea)
// so that it loads with the lazy text area only.

/** The element's value left out of Fluent's `slot` (its `<input>` or `<textarea>`) when `props` give no `value`. */
export function uncontrolled<E extends HTMLInputElement | HTMLTextAreaElement>(
  slot: { value?: string | number | readonly string[]; defaultValue?: string | number | readonly string[]; onChange?: (event: ChangeEvent<E>) => void },
  props: { value?: string; defaultValue?: string; onChange?: (event: ChangeEvent<E>, data: { value: string }) => void },
): void {
  if (props.value !== undefined) return;
  const { onChange } = props;
  slot.value = undefined;
  slot.defaultValue = props.defaultValue;
  slot.onChange = onChange && ((event) => onChange(event, { value: event.target.value }));
}

/** Fluent's Input; with `defaultValue` and no `value`, an uncontrolled `<input>` (onChange still called per key). */
export const UncontrolledInput = forwardRef<HTMLInputElement, InputProps>(function UncontrolledInput(props, ref) {
  const state = useInput_unstable(props, ref);
  uncontrolled(state.input, props);
  useInputStyles_unstable(state);
  return renderInput_unstable(state);
});
