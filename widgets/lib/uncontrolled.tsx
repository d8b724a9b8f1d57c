import { type InputProps, renderInput_unstable, useInput_unstable, useInputStyles_unstable } from '@fluentui/react-components';
import { forwardRef } from 'react';

// Fluent's Input and Textarea keep their element's value in React state even when given only a defaultValue: every
// key is a state update, a render and a commit of the field. These are the same components (Fluent's own hooks and
// styles, composed as Fluent composes them; the app registers no custom style hooks) whose element is uncontrolled
// when no `value` is given: the element holds what is typed and a key renders nothing (useTypedText). With a `value`
// they are Fluent's controlled components unchanged. UncontrolledTextarea is in its own module (./uncontrolledTextarea)
// so that it loads with the lazy text area only.

/** Fluent's Input; with `defaultValue` and no `value`, an uncontrolled `<input>` (onChange still called per key). */
export const UncontrolledInput = forwardRef<HTMLInputElement, InputProps>(function UncontrolledInput(props, ref) {
  const state = useInput_unstable(props, ref);
  if (props.value === undefined) {
    const { onChange } = props;
    state.input.value = undefined;
    state.input.defaultValue = props.defaultValue;
    state.input.onChange = onChange && ((event) => onChange(event, { value: event.target.value }));
  }
  useInputStyles_unstable(state);
  return renderInput_unstable(state);
});
