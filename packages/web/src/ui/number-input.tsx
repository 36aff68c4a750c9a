import type { InputNumberProps } from 'antd';
import { InputNumber } from 'antd';
import type { KeyboardEvent } from 'react';

/** Spec (document 1 §5): minus, numpad minus and the letter e are blocked in number fields. */
function blockMinusAndExponent(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key === '-' || event.key === 'e' || event.key === 'E' || event.code === 'NumpadSubtract') event.preventDefault();
}

/**
 * A number field for amounts that cannot be negative: full width, no minus or exponent keys, and
 * `decimals` digits after the point (carats 3, pounds 2, whole numbers 0). Blank stays blank (null),
 * so the schema says "required" instead of reading 0.
 */
export function NumberInput({ decimals, ...props }: Omit<InputNumberProps<number>, 'precision'> & { decimals: number }) {
  return <InputNumber<number> min={0} precision={decimals} style={{ width: '100%' }} onKeyDown={blockMinusAndExponent} {...props} />;
}
