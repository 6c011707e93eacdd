import { ChoiceFilter, type FilterProps } from '../resources/filters.js';

/** The Inherited filter of an org's lists (spec 002 §9: Show All, Inherited, Non-Inherited). */
export function InheritedFilter(props: FilterProps) {
  return (
    <ChoiceFilter
      {...props}
      choices={[
        { value: null, label: 'Show All' },
        { value: true, label: 'Inherited' },
        { value: false, label: 'Non-Inherited' },
      ]}
    />
  );
}
