import { CheckField } from '../../../components/forms/CheckField.tsx';
import { say } from '../../speech.ts';

/**
 * "Save this card for next time": offered where a new card may pay while none is saved,
 * never ticked for the member (docs/product/money.md). `name` when the form posts it.
 */
export function SaveCardField({
  save,
  onSave,
  name,
}: {
  save: boolean;
  onSave: (save: boolean) => void;
  name?: string;
}) {
  return (
    <CheckField
      id="save-card"
      type="checkbox"
      {...(name ? { name } : {})}
      checked={save}
      onChange={(e) => onSave(e.target.checked)}
      label={say('my48.saveCard')}
    />
  );
}
