import { Button, Flex } from 'antd';
import type { CSSProperties } from 'react';

/**
 * A form's Submit and Cancel: Submit shows the save under way and cannot be pressed twice; Cancel
 * stays usable on a read-only (`locked`) form, and is disabled while saving only where it would
 * undo the typing under a save (`cancelWhileSaving={false}`).
 */
export function FormActions({
  isSaving,
  onCancel,
  submitLabel = 'Submit',
  isLocked = false,
  cancelWhileSaving = true,
  style,
}: {
  isSaving: boolean;
  onCancel: () => void;
  submitLabel?: string;
  isLocked?: boolean;
  cancelWhileSaving?: boolean;
  style?: CSSProperties;
}) {
  return (
    <Flex gap={8} align="center" wrap style={style}>
      <Button type="primary" htmlType="submit" loading={isSaving} disabled={isSaving || isLocked}>
        {submitLabel}
      </Button>
      <Button onClick={onCancel} disabled={!cancelWhileSaving && isSaving}>
        Cancel
      </Button>
    </Flex>
  );
}
