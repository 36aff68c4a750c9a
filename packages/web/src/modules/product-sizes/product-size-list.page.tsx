import { productSizeResource } from '@facet/contract/modules/product-sizes/product-size.schema';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { productSizePaths } from './product-size.paths.ts';

export default function ProductSizeListPage() {
  return (
    <ResourceListPage
      resource={productSizeResource}
      paths={productSizePaths}
      title="Product Size"
      addLabel="Add Product Size"
      searchPlaceholder="Search size type"
      rowLabel={(sizeType) => sizeType.type}
      columns={[{ title: 'Type', dataIndex: 'type' }]}
      // Spec: delete is disabled, with the reason as a tooltip, while products use the size type.
      rowActions={(sizeType) => (sizeType.inUse ? { delete: { disabledReason: 'Products use this size type; it cannot be deleted.' } } : {})}
    />
  );
}
