import { Option } from '@fluentui/react-components';
import type { FilterResult } from '../lib/filterOptions';

/**
 * The options of a searchable list (at most 200 matches), then the prompt when there is one
 * ('Type at least 2 characters to search', 'No matches', 'No options') as a disabled entry.
 */
export function SearchResultOptions({ result }: { result: FilterResult }) {
  return (
    <>
      {result.options.map((o) => (
        <Option key={o.value} value={o.value} text={o.label}>
          {o.label}
        </Option>
      ))}
      {result.prompt && (
        <Option key="__prompt" value="" text="" disabled>
          {result.prompt}
        </Option>
      )}
    </>
  );
}
