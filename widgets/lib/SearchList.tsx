import { Input, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CheckmarkRegular, ChevronDownRegular } from '@fluentui/react-icons';
import { type FocusEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { FilterResult } from './filterOptions';
import { useWidgetTexts } from './WidgetTexts';

const useStyles = makeStyles({
  // The width Fluent's Combobox had (ListFallback keeps it while the code loads, so nothing moves when it comes).
  root: { position: 'relative', display: 'inline-flex', flexDirection: 'column', minWidth: 'min(250px, 100%)', maxWidth: '100%' },
  input: { width: '100%' },
  expand: {
    display: 'inline-flex',
    alignItems: 'center',
    cursor: 'pointer',
    color: tokens.colorNeutralStrokeAccessible,
    fontSize: '20px',
  },
  // Under the field, as wide as it, above what follows it; CSS alone (no positioning library): the page scrolls
  // to it as to any content, and a phone's narrow column does not make it wider than the field.
  list: {
    position: 'absolute',
    top: '100%',
    left: 0,
    right: 0,
    zIndex: 10,
    marginTop: tokens.spacingVerticalXXS,
    maxHeight: '300px',
    overflowY: 'auto',
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalXS,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow16,
  },
  option: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalXS,
    minHeight: '32px',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    overflowWrap: 'anywhere',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    '@media (max-width: 499px)': { minHeight: '44px' },
  },
  // The option the arrow keys are on: Fluent's listbox look (a background and a focus outline).
  active: {
    backgroundColor: tokens.colorNeutralBackground1Hover,
    outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
    outlineOffset: `-${tokens.strokeWidthThick}`,
  },
  prompt: { color: tokens.colorNeutralForegroundDisabled, cursor: 'default', ':hover': { backgroundColor: 'transparent' } },
  check: { flexShrink: 0, fontSize: '16px', visibility: 'hidden' },
  checked: { visibility: 'visible' },
});

export interface SearchListProps {
  id: string;
  name?: string;
  /** Several values (aria-multiselectable): choosing toggles and the list stays open. */
  multiple?: boolean;
  /** The text in the field (what is typed, or the chosen answer). */
  text: string;
  placeholder?: string;
  /** The options to offer for the text typed, or the prompt ('Type at least 2 characters to search', 'No matches'). */
  result: FilterResult;
  /** The chosen values (marked selected in the list). */
  selected: string[];
  /** More words shown after an option's label (a dialling code's countries). */
  detail?: (value: string) => string;
  disabled?: boolean;
  autoFocus?: boolean;
  invalid?: boolean;
  describedBy?: string;
  dir?: 'auto';
  /** The text typed. */
  onType(text: string): void;
  /** An option chosen (or, with `multiple`, toggled). */
  onPick(value: string): void;
  onFocus(event: FocusEvent<HTMLInputElement>): void;
  /** Leaving the field; the widget drops what was typed without a choice (the field shows the answer again). */
  onBlur(): void;
  /** Escape: the same, with the focus kept in the field (the next typing starts a new search). */
  onCancel(): void;
}

/**
 * A searchable list: the WAI-ARIA 1.2 editable combobox with list autocomplete, on Fluent's Input. The list opens
 * on a click, on typing and on Alt+Down / Down / Up / Enter; the arrow keys, Page Up/Down and Home/End move through
 * it (aria-activedescendant: the focus stays in the field), Enter chooses, Escape closes it and drops the text typed
 * without a choice (the field shows the answer again, as when it is left), Tab chooses the
 * option moved to (one answer only), as Fluent's Combobox did. Typing moves to the first option whose label starts
 * with the text. The options lie under the field in its own box (CSS only), so it needs no positioning library,
 * portal or focus manager (Fluent's Combobox brought react-positioning, floating-ui and tabster: 37 kB gzipped).
 */
export function SearchList(props: SearchListProps) {
  const styles = useStyles();
  const texts = useWidgetTexts();
  const { id, name, multiple, text, placeholder, result, selected, detail, disabled, autoFocus, invalid, describedBy, dir } = props;
  const [open, setOpen] = useState(false);
  // The option moved to: an index, or 'typed' (the first option whose label starts with the text typed).
  const [active, setActive] = useState<number | 'typed'>(-1);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const listId = `${id}__list`;
  const options = result.options;
  const typed = text.trim().toLowerCase();
  const activeIndex = !open ? -1 : active === 'typed' ? (typed ? options.findIndex((o) => o.label.toLowerCase().startsWith(typed)) : -1) : active < options.length ? active : -1;
  const optionId = (i: number) => `${listId}-${i}`;

  // Keep the option moved to in view when the list scrolls.
  useEffect(() => {
    if (activeIndex >= 0) list.current?.querySelector(`#${CSS.escape(optionId(activeIndex))}`)?.scrollIntoView?.({ block: 'nearest' });
  });

  const pick = (index: number) => {
    const option = options[index];
    if (!option) return;
    props.onPick(option.value);
    if (!multiple) {
      setOpen(false);
      setActive(-1);
    } else setActive(index);
  };
  const move = (index: number) => {
    if (!open) setOpen(true);
    if (options.length) setActive(Math.max(0, Math.min(options.length - 1, index)));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open) setOpen(true);
        else if (!e.altKey) move(activeIndex < 0 ? 0 : activeIndex + 1);
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (!open) setOpen(true);
        else if (e.altKey) {
          if (activeIndex >= 0 && !multiple) pick(activeIndex);
          setOpen(false);
        } else move(activeIndex < 0 ? 0 : activeIndex - 1);
        break;
      case 'PageDown':
      case 'PageUp':
        if (!open) return;
        e.preventDefault();
        move((activeIndex < 0 ? 0 : activeIndex) + (e.key === 'PageDown' ? 10 : -10));
        break;
      case 'Home':
      case 'End':
        if (!open) return; // closed: the caret moves in the text
        e.preventDefault();
        move(e.key === 'Home' ? 0 : last);
        break;
      case 'Enter':
        if (!open) {
          e.preventDefault();
          setOpen(true);
        } else {
          e.preventDefault();
          if (activeIndex >= 0) pick(activeIndex);
          else if (!multiple) setOpen(false);
        }
        break;
      case 'Escape':
        if (open) {
          e.preventDefault();
          e.stopPropagation(); // a dialog around the form stays open
          setOpen(false);
          setActive(-1);
        }
        // Text typed without a choice is dropped, as when the field is left ('ind', Escape, 'indo' is no 'indindo').
        props.onCancel();
        break;
      case 'Tab':
        if (open && activeIndex >= 0 && !multiple) pick(activeIndex);
        setOpen(false);
        break;
    }
  };

  return (
    <div className={styles.root}>
      <Input
        id={id}
        name={name}
        ref={input}
        className={styles.input}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        autoComplete="off"
        // An empty field takes the page's direction, so the placeholder starts where the page's text does (the
        // right on an Arabic page); with text, `dir` (auto: a dialling code left to right, an Arabic name right to left).
        dir={text ? dir : undefined}
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(_, data) => {
          props.onType(data.value);
          setOpen(true);
          // As Fluent's Combobox: to the first option whose label starts with the text (Enter or Tab chooses it).
          setActive('typed');
        }}
        onKeyDown={onKeyDown}
        onClick={() => setOpen(true)}
        onFocus={props.onFocus}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
          props.onBlur();
        }}
        contentAfter={
          <span
            role="button"
            aria-label={texts.openList}
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            className={styles.expand}
            // The focus stays in the field (a click here would otherwise blur it and close the list).
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              if (disabled) return;
              setOpen(!open);
              input.current?.focus();
            }}
          >
            <ChevronDownRegular />
          </span>
        }
      />
      {open && !disabled && (
        <div
          ref={list}
          id={listId}
          role="listbox"
          aria-labelledby={`${id}__label`}
          aria-multiselectable={multiple || undefined}
          className={styles.list}
          // Choosing with the pointer keeps the focus in the field.
          onMouseDown={(e) => e.preventDefault()}
        >
          {options.map((o, i) => {
            const isSelected = selected.includes(o.value);
            const more = detail?.(o.value);
            return (
              <div
                key={o.value}
                id={optionId(i)}
                role="option"
                aria-selected={isSelected}
                dir={dir}
                className={mergeClasses(styles.option, i === activeIndex && styles.active)}
                onClick={() => pick(i)}
              >
                <CheckmarkRegular aria-hidden className={mergeClasses(styles.check, isSelected && styles.checked)} />
                {more ? `${o.label} ${more}` : o.label}
              </div>
            );
          })}
          {result.prompt && (
            <div role="option" aria-disabled aria-selected={false} className={mergeClasses(styles.option, styles.prompt)}>
              {texts.searchPrompts[result.prompt]}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
