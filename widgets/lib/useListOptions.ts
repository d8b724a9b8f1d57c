import { useEffect, useRef } from 'react';
import { useFieldLogic } from './FormLogicContext';
import type { RJSFSchema } from '@rjsf/utils';
import type { ListOption } from '../../src/validation/lists';
import { getAt } from '../../src/validation/pointer';
import type { FormContext } from '../FormContext';
import { useParentData } from './ParentDataContext';
import { useRootContext } from './RootDataContext';

export interface ListRef {
  list: string;
  childOf?: string;
  variants?: { when: { path: string; equals: unknown }; list: string }[];
}

/**
 * The list to use for a field, as the `x-list` keyword chooses it: a variant whose `when.path` ends with
 * `islamicBanking` follows `formContext.islamic` when that is given; other variants are checked against
 * the whole document (RootDataContext, else `formContext.formData`).
 */
export function listNameFor(ref: ListRef, context: Partial<FormContext>): string {
  const variant = ref.variants?.find((v) =>
    /islamicBanking$/.test(v.when.path) && context.islamic !== undefined
      ? context.islamic === v.when.equals
      : getAt(context.formData, v.when.path) === v.when.equals,
  );
  return variant ? variant.list : ref.list;
}

export interface ListState {
  options: ListOption[];
  /** childOf: the parent field is empty, so there is nothing to choose yet. */
  waitingForParent: boolean;
  parentValue: unknown;
}

/**
 * Options of a field with `x-list` (or `items['x-list']` for arrays). Falls back to the schema's enum
 * when the field has no list. With `childOf`, the options are the children of the sibling's chosen option.
 * A retired option (the list editor of the studio) is offered only while it is the field's answer (`value`):
 * a saved application keeps showing its label, a new choice cannot pick it.
 */
export function useListOptions(schema: RJSFSchema, formContext: Partial<FormContext> | undefined, id?: string, value?: unknown): ListState {
  const { excluded } = useFieldLogic(id ?? '');
  const all = listState(schema, formContext, useParentData(), useRootContext(formContext));
  const chosen = new Set((Array.isArray(value) ? value : [value]).map(String));
  const state = all.options.some((o) => o.retired) ? { ...all, options: all.options.filter((o) => !o.retired || chosen.has(o.value)) } : all;
  if (excluded.length === 0) return state;
  // Options the form logic leaves out (an industry already chosen, SINGLY for several signatories).
  const out = new Set(excluded.map(String));
  return { ...state, options: state.options.filter((o) => !out.has(o.value)) };
}

function listState(schema: RJSFSchema, formContext: Partial<FormContext> | undefined, parent: Record<string, unknown> | undefined, context: Partial<FormContext> | undefined): ListState {
  const ref = (schema['x-list'] ?? (schema.items as RJSFSchema | undefined)?.['x-list']) as ListRef | undefined;
  if (!ref) {
    const values = (schema.enum ?? (schema.items as RJSFSchema | undefined)?.enum ?? []) as unknown[];
    return { options: values.map((v) => ({ value: String(v), label: String(v) })), waitingForParent: false, parentValue: undefined };
  }
  const options = context?.lists?.[listNameFor(ref, context ?? {})]?.options ?? [];
  if (ref.childOf === undefined) return { options, waitingForParent: false, parentValue: undefined };
  const parentValue = parent?.[ref.childOf];
  if (parentValue === undefined || parentValue === null || parentValue === '') {
    return { options: [], waitingForParent: true, parentValue };
  }
  return { options: options.find((o) => o.value === parentValue)?.children ?? [], waitingForParent: false, parentValue };
}

/** Clears a child field when its parent option changes (changing city clears the branch). */
export function useClearOnParentChange(parentValue: unknown, value: unknown, clear: () => void): void {
  const previous = useRef(parentValue);
  useEffect(() => {
    if (previous.current !== parentValue) {
      previous.current = parentValue;
      if (value !== undefined && value !== '') clear();
    }
  }, [parentValue, value, clear]);
}
