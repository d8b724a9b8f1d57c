import { Option } from '@fluentui/react-components';
import type { FilterResult } from '../lib/filterOptions';

/**
 * The options of a searchable list (at most 200 matches, each with an optional detail such as the countries
 * of a dialling code), then the prompt when there is one
 * ('Type at least 2 characters to search', 'No matches', 'No options') as a disabled entry.
 */
export function SearchResultOptions({ result, detail }: { result: FilterResult; detail?: (value: string) => string }) {
  return (
    <>
      {result.options.map((o) => {
        const more = detail?.(o.value);
        return (
          <Option key={o.value} value={o.value} text={o.label}>
            {more ? `${o.label} ${more}` : o.label}
          </Option>
        );
      })}
      {result.prompt && (
        <Option key="__prompt" value="" text="" disabled>
          {result.prompt}
        </Option>
      )}
    </>
  );
}
