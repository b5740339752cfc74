import { type BrokerPresetId, brokerPresetIds, brokerPresets } from '@tickerwise/shared';
import { useId } from 'react';
import { inputStyles } from '../../../components/ui/field-styles.ts';

/**
 * Which broker a file is from: its preset maps the columns and reads its action words and
 * dates; "Another broker" maps the columns from their names.
 */
export function ImportSourceField({
  value,
  onChange,
}: {
  value: BrokerPresetId | undefined;
  onChange: (preset: BrokerPresetId | undefined) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink-900">
        The file is from
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) =>
          onChange(event.target.value ? (event.target.value as BrokerPresetId) : undefined)
        }
        className={`mt-1.5 ${inputStyles(false)}`}
      >
        {brokerPresetIds.map((preset) => (
          <option key={preset} value={preset}>
            {brokerPresets[preset].label}
          </option>
        ))}
        <option value="">Another broker (match the columns)</option>
      </select>
    </div>
  );
}
