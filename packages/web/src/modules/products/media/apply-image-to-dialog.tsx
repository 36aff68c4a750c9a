import type { ApplyMediaTarget } from '@facet/contract/modules/product-media/apply-media';
import { applyTargetProblem } from '@facet/contract/modules/product-media/apply-media';
import { Button, Flex, Form, Modal, Radio, Select } from 'antd';
import { useState } from 'react';

/** An option value the chosen media can be applied by: an option of one of the variant's attributes. */
export interface ApplyOptionChoice {
  attributeId: number;
  optionId: number;
  /** As staff read it: 'Metal: Yellow Gold'. */
  label: string;
}

interface ApplyImageToDialogProps {
  open: boolean;
  /** The option values of the variant the media was chosen for (the caller labels them). */
  options: readonly ApplyOptionChoice[];
  onCancel: () => void;
  /** The answer; `applyChosenMedia` (contract) turns it into the variants that receive the media. */
  onApply: (target: ApplyMediaTarget) => void;
}

const choiceKey = (choice: { attributeId: number; optionId: number }) => `${choice.attributeId}:${choice.optionId}`;

/**
 * 'Apply Image To?' (document 2 §2, §5): Current Option Only, or By Specific Option with an option
 * select that is then required (the spec's required message under it).
 */
export function ApplyImageToDialog({ open, options, onCancel, onApply }: ApplyImageToDialogProps) {
  const [scope, setScope] = useState<'current' | 'option'>('current');
  const [optionKey, setOptionKey] = useState<string | undefined>();
  const [isSubmitted, setSubmitted] = useState(false);

  // Each opening starts afresh (adjusted while rendering rather than in an effect).
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setScope('current');
      setOptionKey(undefined);
      setSubmitted(false);
    }
  }

  const option = options.find((choice) => choiceKey(choice) === optionKey) ?? null;
  const problem = applyTargetProblem(scope, option);

  const submit = () => {
    setSubmitted(true);
    if (problem) return;
    onApply(scope === 'option' && option ? { scope: 'option', attributeId: option.attributeId, optionId: option.optionId } : { scope: 'current' });
  };

  return (
    <Modal
      open={open}
      title="Apply Image To?"
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel}>
          Cancel
        </Button>,
        <Button key="submit" type="primary" onClick={submit}>
          Submit
        </Button>,
      ]}
    >
      <Form layout="vertical" component="div">
        <Form.Item style={{ marginBottom: 16 }}>
          <Radio.Group value={scope} onChange={(event) => setScope(event.target.value as 'current' | 'option')}>
            <Flex vertical gap={8}>
              <Radio value="current">Current Option Only</Radio>
              <Radio value="option">By Specific Option</Radio>
            </Flex>
          </Radio.Group>
        </Form.Item>
        {scope === 'option' && (
          <Form.Item label="Option" required validateStatus={isSubmitted && problem ? 'error' : undefined} help={isSubmitted ? problem : undefined}>
            <Select
              aria-label="Option"
              placeholder="Select option"
              value={optionKey}
              onChange={setOptionKey}
              options={options.map((choice) => ({ value: choiceKey(choice), label: choice.label }))}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
