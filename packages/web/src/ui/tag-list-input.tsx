import { App, Flex, Input, Tag } from 'antd';
import type { KeyboardEvent } from 'react';
import { useState } from 'react';

interface TagListInputProps {
  /** The tags, in the order typed. Set by the surrounding Form.Item. */
  value?: string[];
  onChange?: (tags: string[]) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  /** Names the list in the remove question: 'Remove size K?'. */
  itemLabel?: string;
}

/**
 * A list of short texts typed as tags (document 1 §2, product sizes): Enter adds the typed text,
 * the x removes a tag after a confirmation. Duplicates and blanks are left to the form's schema.
 */
export function TagListInput({ value = [], onChange, placeholder, disabled = false, id, itemLabel = 'item' }: TagListInputProps) {
  const { modal } = App.useApp();
  const [draft, setDraft] = useState('');

  const addDraft = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds a tag here; it must not submit the surrounding form.
    event.preventDefault();
    const tag = draft.trim();
    if (!tag) return;
    onChange?.([...value, tag]);
    setDraft('');
  };

  const confirmRemove = (index: number) =>
    modal.confirm({
      title: `Remove ${itemLabel} ${value[index]}?`,
      okText: 'Remove',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => onChange?.(value.filter((_, i) => i !== index)),
    });

  return (
    <Flex vertical gap={8}>
      <Input id={id} value={draft} disabled={disabled} placeholder={placeholder} onChange={(event) => setDraft(event.target.value)} onKeyDown={addDraft} />
      {value.length > 0 && (
        <Flex wrap gap={4}>
          {value.map((tag, index) => (
            <Tag
              key={`${tag}-${index}`}
              closable={!disabled}
              closeIcon={<span aria-label={`Remove ${tag}`}>×</span>}
              onClose={(event) => {
                // The tag stays until the removal is confirmed.
                event.preventDefault();
                confirmRemove(index);
              }}
            >
              {tag}
            </Tag>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
