import { MESSAGES } from '@facet/contract/messages';
import type { CategoryTreeNode } from '@facet/contract/modules/categories/category.schema';
import type { TreeSelectProps } from 'antd';
import { useMemo } from 'react';
import { choicesLoadingState } from '../../ui/loading-state.tsx';
import { TreeSelect } from '../../ui/tree-select.tsx';
import { useCategoryTree } from './category.api.ts';

type TreeData = NonNullable<TreeSelectProps['treeData']>;

/**
 * The flat lookup as nested options; `blockedId` and everything under it cannot be chosen; with
 * `isDiamondHidden`, diamond categories (and what sits under them) are left out.
 */
function toTreeData(nodes: readonly CategoryTreeNode[], blockedId: number | undefined, isDiamondHidden: boolean): TreeData {
  const childrenOf = (parentId: number | null, isBlocked: boolean): TreeData =>
    nodes
      .filter((node) => node.parentId === parentId && !(isDiamondHidden && node.isDiamondCategory))
      .map((node) => {
        const blocked = isBlocked || node.id === blockedId;
        return {
          value: node.id,
          title: node.status ? node.name : `${node.name} (inactive)`,
          disabled: blocked,
          children: childrenOf(node.id, blocked),
        };
      });
  return childrenOf(null, false);
}

interface CategoryTreeSelectProps extends Omit<TreeSelectProps<number>, 'treeData' | 'loading'> {
  /** The category being edited: it and its subcategories cannot become its parent. */
  blockedId?: number;
  /** Products are not filed under diamond categories: their choosers leave those out. */
  isDiamondHidden?: boolean;
}

/** A searchable chooser over the whole category tree, the root at the top. */
export function CategoryTreeSelect({ blockedId, isDiamondHidden = false, ...selectProps }: CategoryTreeSelectProps) {
  const tree = useCategoryTree();
  const treeData = useMemo(() => toTreeData(tree.data ?? [], blockedId, isDiamondHidden), [tree.data, blockedId, isDiamondHidden]);
  return (
    <TreeSelect<number>
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      treeData={treeData}
      {...choicesLoadingState(tree.isPending, tree.isError ? MESSAGES.somethingWentWrong : undefined)}
      {...selectProps}
    />
  );
}
