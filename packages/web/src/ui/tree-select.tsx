import type { TreeSelectProps } from 'antd';
import { TreeSelect as AntTreeSelect } from 'antd';
import { useId } from 'react';

/**
 * antd's TreeSelect, with the list its input points at. An open Select's input says
 * aria-owns/aria-controls="<id>_list", the id of the Select's listbox; TreeSelect's popup is a tree
 * that carries no id, so the input pointed at nothing (axe: aria-valid-attr-value, critical) and a
 * screen reader could not tell which tree the combobox opened. The popup gets that id here.
 * Use this rather than antd's TreeSelect.
 */
export function TreeSelect<Value = unknown>({ id, popupRender, ...props }: TreeSelectProps<Value>) {
  const ownId = useId();
  const inputId = id ?? `tree-select-${ownId.replace(/[^\w-]/g, '')}`;
  return <AntTreeSelect<Value> {...props} id={inputId} popupRender={(menu) => <div id={`${inputId}_list`}>{popupRender ? popupRender(menu) : menu}</div>} />;
}
