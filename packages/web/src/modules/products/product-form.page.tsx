import { MESSAGES } from '@facet/contract/messages';
import { checkRequiredAttributes, GENDERS, productCreateSchema, productUpdateSchema } from '@facet/contract/modules/products/product.schema';
import { acrossFields } from '@facet/contract/rules';
import type { ProductCreateInput, ProductFormAttribute, ProductRecord } from '@facet/contract/modules/products/product.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Divider, Flex, Form, Input, Result, Row, Select, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { choicesLoadingState } from '../../ui/loading-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import type { ListReturnState } from '../../ui/resource-paths.ts';
import { RichTextEditor } from '../../ui/rich-text-editor.tsx';
import type { FieldIssue } from '../../ui/schema-form.tsx';
import { FormField, SchemaForm, showIssuesOnFields } from '../../ui/schema-form.tsx';
import { ProductImagesField } from './media/product-images-field.tsx';
import { ProductMediaLibrary } from './media/product-media-library.tsx';
import { productApi, productKeys, useFormAttributes, useFormLookup, useVendors } from './product.api.ts';
import { productPaths } from './product.paths.ts';
import { SetAttributesSection, setAttributesOf, StandaloneAttributesSection } from './form/attribute-sections.tsx';
import { CanBeSetWithSection } from './form/can-be-set-with-section.tsx';
import { ConfigurationsSection } from './form/configurations-section.tsx';
import { DetailsSection } from './form/details-section.tsx';
import type { FormProblem } from './form/form-problems.tsx';
import { FormProblems, problemsOf } from './form/form-problems.tsx';
import { MainFields } from './form/main-fields.tsx';
import { PriceRulePanel } from './form/price-rule-panel.tsx';
import { newProductValues, toFormValues, toVariantDrafts } from './form/product-form-values.ts';
import { RelatedProductsSelect } from './form/related-products-select.tsx';
import type { VariantErrors, VariantField } from './form/variant-store.ts';
import { VariantStore } from './form/variant-store.ts';
import type { AttributeLookup } from './form/variant-table.tsx';
import { rebasedSku } from './form/variants.ts';
import { FormActions } from '../../ui/form-actions.tsx';

/**
 * Back, Cancel and a finished save return to the list as it was: its query string (page and the
 * spec's filter parameters) comes as the list's location state, or on the edit URL itself.
 */
function useBackToList() {
  const navigate = useNavigate();
  const location = useLocation();
  const listSearch = (location.state as ListReturnState | null)?.listSearch ?? location.search;
  return useCallback(() => void navigate(`${productPaths.list}${listSearch}`), [navigate, listSearch]);
}

/** One empty list while the set's attributes load, so what depends on them does not change per render. */
const NO_ATTRIBUTES: ProductFormAttribute[] = [];

const VARIANT_FIELDS: readonly VariantField[] = ['sku', 'modelNumber', 'price', 'options'];

/** Attribute names and option values by id: the live attributes, and those the saved variants name (an attribute since switched off). */
function useAttributeLookup(attributes: readonly ProductFormAttribute[], record: ProductRecord | undefined): AttributeLookup {
  return useMemo(() => {
    const map = new Map<number, { name: string; code: string; options: Map<number, string>; order: number[] }>();
    for (const attribute of attributes) {
      map.set(attribute.id, {
        name: attribute.attributeName,
        code: attribute.attributeCode,
        options: new Map(attribute.options.map((option) => [option.id, option.value])),
        order: attribute.options.map((option) => option.id),
      });
    }
    for (const option of record?.variants.flatMap((variant) => variant.options) ?? []) {
      const entry = map.get(option.attributeId) ?? { name: option.attributeName, code: option.attributeCode, options: new Map<number, string>(), order: [] };
      if (option.optionId !== null && !entry.options.has(option.optionId)) {
        entry.options.set(option.optionId, option.value);
        entry.order.push(option.optionId);
      }
      map.set(option.attributeId, entry);
    }
    return map;
  }, [attributes, record]);
}

/** Active size types, plus the product's own should it have been switched off since. */
function SizeTypeSelect(props: { value?: number; onChange?: (id: number | undefined) => void; id?: string }) {
  const sizeTypes = useFormLookup('size-types');
  const options = (sizeTypes.data ?? []).filter((size) => size.status || size.id === props.value).map((size) => ({ value: size.id, label: size.name }));
  return <Select<number> showSearch={{ optionFilterProp: 'label' }} allowClear placeholder="Select size type" options={options} {...choicesLoadingState(sizeTypes.isPending)} {...props} />;
}

/** The upload panel of the product's library, keyed by its model number (watched here, so typing it re-renders only this). */
function MediaLibrarySection() {
  const sku = String(Form.useWatch('sku') ?? '').trim();
  return <ProductMediaLibrary sku={sku} />;
}

/** The product's own images and video, chosen from its library, above the library itself. */
function ProductMediaSection() {
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        Product Images and Video
      </Typography.Title>
      <ProductImagesField />
      <Divider style={{ margin: 0 }} />
      <Typography.Title level={5} style={{ margin: 0 }}>
        Media Library
      </Typography.Title>
      <MediaLibrarySection />
    </Flex>
  );
}

const section = (title: string, children: ReactNode, extra?: ReactNode) => (
  <Card title={title} extra={extra} style={{ marginBottom: 16 }} data-testid={`section-${title}`}>
    {children}
  </Card>
);

function ProductForm({ record, defaultVendor }: { record: ProductRecord | undefined; defaultVendor: string }) {
  const [form] = Form.useForm();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const backToList = useBackToList();
  const isEdit = record !== undefined;
  const store = useMemo(() => new VariantStore(toVariantDrafts(record)), [record]);
  const initialValues = useMemo(() => (record ? toFormValues(record) : newProductValues(defaultVendor)), [record, defaultVendor]);
  const [problems, setProblems] = useState<FormProblem[]>([]);
  const [conflict, setConflict] = useState<string | null>(null);
  const problemsRef = useRef<HTMLDivElement>(null);

  const attributeSetId = Form.useWatch('attributeSetId', form) as number | undefined;
  const formAttributes = useFormAttributes(attributeSetId ?? record?.attributeSetId);
  const attributes = formAttributes.data ?? NO_ATTRIBUTES;
  const lookup = useAttributeLookup(attributes, record);
  // The Required flag is data: the schema checks the chosen set's required attributes as the server does.
  // A product with variant rows (saved or generated) must keep a live one: the server's rule, checked first here.
  const schema = useMemo(() => {
    const required = setAttributesOf(attributes).filter((attribute) => attribute.isRequired);
    return acrossFields(isEdit ? productUpdateSchema : productCreateSchema, (fields, report) => {
      checkRequiredAttributes(required, fields.attributes, report);
      if (store.all().length && Array.isArray(fields.variants) && !fields.variants.length) report(['variants'], MESSAGES.productVariationsNotFound);
    });
  }, [attributes, isEdit, store]);
  // Names for the red box: an issue on a required attribute names it by code.
  const attributeNamesRef = useRef(new Map<string, string>());
  attributeNamesRef.current = new Map(attributes.map((attribute) => [attribute.attributeCode, attribute.attributeName]));

  /** The variants live in their own store; the schema parses them with the form's values. */
  const extraValues = useCallback(() => ({ variants: store.toInput().variants }), [store]);

  /** Every problem in the red box; each variant's under its own inputs. */
  const showProblems = useCallback(
    (issues: readonly FieldIssue[]) => {
      const { keys } = store.toInput();
      const variantErrors = new Map<string, VariantErrors>();
      for (const issue of issues) {
        const [field, index, rowField] = issue.path;
        if (field !== 'variants' || typeof index !== 'number' || keys[index] === undefined) continue;
        const target: VariantField = VARIANT_FIELDS.includes(rowField as VariantField) ? (rowField as VariantField) : 'options';
        const errors = variantErrors.get(keys[index]) ?? {};
        errors[target] ??= issue.message;
        variantErrors.set(keys[index], errors);
      }
      store.setErrors(variantErrors);
      setProblems(problemsOf(issues, (index) => store.getRow(keys[index] ?? '')?.sku || `${index + 1}`, (code) => attributeNamesRef.current.get(code)));
    },
    [store],
  );

  useEffect(() => {
    // The spec scrolls to the box; on each new list of problems.
    if (problems.length) problemsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [problems]);

  const save = useMutation({
    mutationFn: (input: ProductCreateInput) => (record ? productApi.update(record.id, { ...input, version: record.version }) : productApi.create(input)),
    onSuccess: (response) => {
      void message.success(isEdit ? MESSAGES.recordUpdated : MESSAGES.recordAdded);
      // Marked stale: the list refetches when it shows again.
      void queryClient.invalidateQueries({ queryKey: productKeys.all, refetchType: 'none' });
      if (!response.imagesNotAttached.length) {
        backToList();
        return;
      }
      modal.warning({
        title: MESSAGES.imagesNotUploaded,
        content: (
          <ul data-testid="images-not-uploaded" style={{ paddingInlineStart: 20 }}>
            {response.imagesNotAttached.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        ),
        onOk: backToList,
      });
    },
    onError: (error) => {
      if (!isWorthReporting(error)) return;
      if (isApiError(error) && error.issues.length) {
        showIssuesOnFields(form, error.issues);
        showProblems(error.issues);
      } else if (isApiError(error, 409)) {
        // A stale version: someone saved first; the message names them.
        setConflict(error.message);
      }
      void message.warning(failureMessage(error));
    },
  });

  /** New variants follow the main SKU while unsaved (their system SKU starts with it). */
  const onSkuChanged = useCallback(
    (previous: string, next: string) => {
      if (!previous || previous === next) return;
      store.updateMany((row) => {
        const rebased = rebasedSku(row, previous, next);
        return rebased === row.sku ? row : { ...row, sku: rebased };
      });
    },
    [store],
  );

  const hasSet = Boolean(attributeSetId);
  // The sections do not depend on the save's state: held as one element, so a submit (the button's
  // loading state, the problems box) re-renders the header and the button, not 1,000 variants' form.
  const sections = useMemo(
    () => (
      <>
        {section('Product', <MainFields productId={record?.id} savedSetId={record?.attributeSetId} onSkuChanged={onSkuChanged} />)}
        {record && section('Catalog Price Rule', <PriceRulePanel productId={record.id} />)}
        {section(
          'Content',
          <>
            <FormField name="description" label="Description">
              <RichTextEditor />
            </FormField>
            {/* product_description (document 2 §3): the plain-text summary beside the rich description. */}
            <FormField name="productDescription" label="Product Description">
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
            </FormField>
          </>,
        )}
        {section(
          'Product Size',
          <Row gutter={24}>
            <Col xs={24} md={12}>
              <FormField name="sizeTypeId" label="Size Type">
                <SizeTypeSelect />
              </FormField>
            </Col>
            <Col xs={24} md={12}>
              <FormField name="gender" label="Gender">
                <Select allowClear placeholder="Select gender" options={GENDERS.map((gender) => ({ value: gender.code, label: gender.label }))} />
              </FormField>
            </Col>
          </Row>,
        )}
        {section('Product Details', <DetailsSection />)}
        {section('Configurations', <ConfigurationsSection store={store} attributes={attributes} lookup={lookup} hasSet={hasSet} />)}
        {section('Product Media', <ProductMediaSection />)}
        {section('Standalone Attribute', <StandaloneAttributesSection attributes={attributes} />)}
        {section('Attributes', <SetAttributesSection attributes={attributes} hasSet={hasSet} />)}
        {section(
          'Search Engine Optimization',
          <>
            <FormField name="metaTitle" label="Meta Title">
              <Input />
            </FormField>
            <FormField name="metaKeywords" label="Meta Keywords">
              <Input />
            </FormField>
            <FormField name="metaDescription" label="Meta Description">
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
            </FormField>
          </>,
        )}
        {section(
          'Related Products',
          <FormField name="relatedProductIds" label="Related Products">
            <RelatedProductsSelect initialLabels={record?.relatedProducts ?? []} productId={record?.id} />
          </FormField>,
        )}
        {section('Can Be Set With', <CanBeSetWithSection />)}
      </>
    ),
    [record, store, attributes, lookup, hasSet, onSkuChanged],
  );
  const title = isEdit ? 'Edit Product' : 'Add Product';
  return (
    <>
      <PageHeader title={title} onBack={backToList} />
      <FormProblems ref={problemsRef} problems={problems} />
      {conflict && <Alert type="warning" showIcon closable title="Someone saved this product first" description={conflict} style={{ marginBottom: 16 }} onClose={() => setConflict(null)} />}
      <SchemaForm
        schema={schema}
        form={form}
        layout="vertical"
        initialValues={initialValues}
        extraValues={extraValues}
        onProblems={showProblems}
        onSubmit={(input) => {
          setProblems([]);
          store.setErrors(new Map());
          save.mutate(input as ProductCreateInput);
        }}
      >
        {sections}
        {/* Side Diamond Details: hidden, as the spec has it; its values travel unchanged in the form's store. */}
        <Card style={{ position: 'sticky', bottom: 0, zIndex: 2 }} styles={{ body: { padding: '12px 24px' } }}>
          <FormActions isSaving={save.isPending} onCancel={backToList} />
        </Card>
      </SchemaForm>
    </>
  );
}

/** /products/add and /products/edit/:id (document 2 §2): the whole product, saved in one request. */
export default function ProductFormPage() {
  const { id } = useParams();
  const productId = id === undefined ? undefined : Number(id);
  const product = useQuery({
    queryKey: productKeys.detail(productId ?? 0),
    queryFn: () => productApi.get(productId!),
    enabled: productId !== undefined,
    // Never open a form from a cached copy: its version may be old.
    gcTime: 0,
  });
  const vendors = useVendors();
  const backToList = useBackToList();

  if ((productId !== undefined && product.isPending) || vendors.isPending) return <Skeleton active />;
  if (product.isError) {
    return (
      <Result
        status={isApiError(product.error, 404) ? '404' : 'error'}
        title={isApiError(product.error, 404) ? 'This record no longer exists.' : MESSAGES.somethingWentWrong}
        extra={<Button onClick={backToList}>Back to the list</Button>}
      />
    );
  }
  return <ProductForm key={productId ?? 'new'} record={product.data} defaultVendor={vendors.data?.defaultVendor ?? ''} />;
}
