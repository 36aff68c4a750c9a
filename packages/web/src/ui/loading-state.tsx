import type { SelectProps, TableProps } from 'antd';
import { Flex, Spin } from 'antd';
import type { ReactNode } from 'react';

/**
 * While a list's data is on the way, antd draws its empty text ('No data') beneath the spinner of a
 * table, and inside the open dropdown of a select, telling staff a list is empty before it has
 * loaded. These props show the loading state alone, and the empty text once loaded and empty.
 */

/** Keeps the body about as tall as antd's empty text, so the spinner has room and nothing jumps when rows arrive. */
const LOADING_TABLE_BODY = <div aria-hidden style={{ height: 96 }} />;

/** A table's `loading` and `locale`; `emptyText` is what an empty, loaded table says (antd's 'No data' if unset). */
export function tableLoadingState(isLoading: boolean, emptyText?: ReactNode): Pick<TableProps, 'loading' | 'locale'> {
  if (isLoading) return { loading: true, locale: { emptyText: LOADING_TABLE_BODY } };
  return { loading: false, locale: emptyText === undefined ? undefined : { emptyText } };
}

const LOADING_OPTIONS = (
  <Flex justify="center" style={{ padding: 12 }}>
    <Spin size="small" />
  </Flex>
);

/** A select's (or tree select's) `loading` and `notFoundContent`; `notFoundContent` is what a loaded, empty list says. */
export function choicesLoadingState(isLoading: boolean, notFoundContent?: ReactNode): Pick<SelectProps, 'loading' | 'notFoundContent'> {
  return { loading: isLoading, notFoundContent: isLoading ? LOADING_OPTIONS : notFoundContent };
}
