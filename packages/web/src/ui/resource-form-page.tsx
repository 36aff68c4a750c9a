import { MESSAGES } from '@facet/contract/messages';
import type { ResourceDefinition } from '@facet/contract/resource';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormInstance, TabsProps } from 'antd';
import { Alert, App, Button, Card, Form, Result, Skeleton, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useMemo, useRef } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../api/client.ts';
import { failureMessage, isWorthReporting } from './feedback.ts';
import { PageHeader } from './page-header.tsx';
import type { RecordOf } from './resource-api.ts';
import { resourceApi, resourceKeys } from './resource-api.ts';
import type { EditOnlyPaths, ListReturnState, ResourcePaths } from './resource-paths.ts';
import { SchemaForm, showIssuesOnFields } from './schema-form.tsx';
import { FormActions } from './form-actions.tsx';

/** What the form pages' hooks learn about the save that just succeeded. */
interface SavedContext<R extends ResourceDefinition> {
  /** The record as it was loaded (edit only). */
  previous?: RecordOf<R>;
  /** What was sent, as parsed by the schema. */
  input: Record<string, unknown>;
}

export interface ResourceFormPageProps<R extends ResourceDefinition> {
  resource: R;
  paths: ResourcePaths | EditOnlyPaths;
  /** Defaults to "Add <label>" and "Edit <label>". */
  titles?: { add: string; edit: string };
  /** Starting values of a new record (a status switch on, empty lists). */
  defaults?: Record<string, unknown>;
  /** Form values for a loaded record; by default the record itself (the schema drops what it does not know). */
  toFormValues?: (record: RecordOf<R>) => Record<string, unknown>;
  /** Why a loaded record cannot be changed here (e.g. the master role); the form is then read-only. */
  lockedReason?: (record: RecordOf<R>) => string | undefined;
  /**
   * The record's id where the route's `:id` is not it (a section option's `{optionId}&{sectionId}`);
   * by default the route's `:id`.
   */
  recordId?: number;
  /** Runs after a refused save before the usual handling; return true when it has told the user itself (a dialog). */
  onSaveError?: (error: unknown, form: FormInstance) => boolean;
  /** Runs after a successful save; return true when it has sent the user elsewhere. */
  onSaved?: (saved: RecordOf<R>, context: SavedContext<R>) => boolean | void;
  /** The fields (FormField elements); a function receives the record when editing. */
  children: ReactNode | ((record: RecordOf<R> | undefined) => ReactNode);
  /**
   * Shows the form as the first of several tabs (a customer's Account Information, Addresses, Orders):
   * its label, and the other tabs for the record (none when adding, say). The form stays mounted
   * while another tab shows.
   */
  tabs?: { formLabel: string; others: (record: RecordOf<R> | undefined) => NonNullable<TabsProps['items']> };
}

const FORM_TAB = 'form';

/**
 * The form's tabs, the open one kept in the URL (`?tab=orders`): a reload, or Back from a screen
 * opened in a tab (an order from the customer's Orders tab), shows the same tab. The location state
 * (where the form returns to) stays as it was.
 */
function FormTabs({ items }: { items: NonNullable<TabsProps['items']> }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const wanted = searchParams.get('tab');
  const activeKey = items.some((item) => item.key === wanted) ? wanted! : FORM_TAB;
  const open = (key: string) => {
    const next = new URLSearchParams(window.location.search);
    if (key === FORM_TAB) next.delete('tab');
    else next.set('tab', key);
    setSearchParams(next, { replace: true, state: location.state });
  };
  return <Tabs activeKey={activeKey} onChange={open} items={items} />;
}

/** Back, Cancel and a finished save return to the list with its page, search and sort. */
function useBackToList(paths: EditOnlyPaths) {
  const navigate = useNavigate();
  const listSearch = (useLocation().state as ListReturnState | null)?.listSearch ?? '';
  return () => void navigate(`${paths.list}${listSearch}`);
}

/**
 * The add/edit screen of a flat resource (DESIGN §5). `/add` creates; a route with `:id` loads the
 * record and updates it with its version. Validation uses the contract schema the server uses.
 */
export function ResourceFormPage<R extends ResourceDefinition>(props: ResourceFormPageProps<R>) {
  const { id } = useParams();
  const recordId = props.recordId ?? (id === undefined ? undefined : Number(id));
  const api = useMemo(() => resourceApi(props.resource), [props.resource]);
  const existing = useQuery({
    queryKey: resourceKeys.detail(props.resource, recordId ?? 0),
    queryFn: () => api.get(recordId!),
    enabled: recordId !== undefined,
    // Never open a form from a cached copy: its version may be old, and the form reads values only once.
    gcTime: 0,
  });
  const backToList = useBackToList(props.paths);

  if (recordId === undefined) return <ResourceForm {...props} />;
  if (existing.isPending) return <Skeleton active />;
  if (existing.isError) {
    return (
      <Result
        status={isApiError(existing.error, 404) ? '404' : 'error'}
        title={isApiError(existing.error, 404) ? 'This record no longer exists.' : MESSAGES.somethingWentWrong}
        extra={<Button onClick={backToList}>Back to the list</Button>}
      />
    );
  }
  return <ResourceForm {...props} record={existing.data} />;
}

function ResourceForm<R extends ResourceDefinition>({
  resource,
  paths,
  titles,
  defaults,
  toFormValues,
  lockedReason,
  onSaved,
  onSaveError,
  children,
  tabs,
  record,
}: ResourceFormPageProps<R> & { record?: RecordOf<R> }) {
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const backToList = useBackToList(paths);
  const api = useMemo(() => resourceApi(resource), [resource]);
  const isEdit = record !== undefined;
  const schema = isEdit ? resource.updateInput : resource.createInput;
  const locked = record && lockedReason?.(record);
  const initialValues = record ? (toFormValues?.(record) ?? record) : defaults;

  // Two quick clicks on Submit both pass validation before the first save shows as pending (the
  // button is disabled only then): one save at a time, or an add would create the record twice.
  const isSubmitting = useRef(false);
  const save = useMutation({
    mutationFn: (input: Record<string, unknown>) => (record ? api.update(record.id, input, record.version) : api.create(input)),
    onSuccess: (saved, input) => {
      void message.success(isEdit ? (resource.toasts?.updated ?? MESSAGES.recordUpdated) : (resource.toasts?.added ?? MESSAGES.recordAdded));
      // Marked stale, refetched by whichever screen shows them next.
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(resource), refetchType: 'none' });
      if (onSaved?.(saved, { previous: record, input }) === true) return;
      backToList();
    },
    onError: (error) => {
      if (!isWorthReporting(error) || onSaveError?.(error, form)) return;
      // Field problems (400, duplicates) go under their fields; anything else is a warning and the form stays.
      const unplaced = isApiError(error) ? showIssuesOnFields(form, error.issues) : [];
      const isFullyPlaced = isApiError(error) && error.issues.length > 0 && unplaced.length === 0;
      if (!isFullyPlaced) void message.warning(unplaced[0]?.message ?? failureMessage(error));
    },
  });

  const formBody = (
    <SchemaForm
      schema={schema}
      form={form}
      onSubmit={(input) => {
        if (isSubmitting.current) return;
        isSubmitting.current = true;
        save.mutate(input as Record<string, unknown>, {
          onSettled: () => {
            isSubmitting.current = false;
          },
        });
      }}
      initialValues={initialValues}
      layout="vertical"
      disabled={Boolean(locked)}
      style={{ maxWidth: 760 }}
    >
      {typeof children === 'function' ? children(record) : children}
      <FormActions isSaving={save.isPending} isLocked={Boolean(locked)} onCancel={backToList} style={{ marginTop: 8 }} />
    </SchemaForm>
  );
  const title = isEdit ? (titles?.edit ?? `Edit ${resource.label}`) : (titles?.add ?? `Add ${resource.label}`);
  return (
    <>
      <PageHeader title={title} onBack={backToList} />
      <Card>
        {locked && <Alert type="info" showIcon title={locked} style={{ marginBottom: 24 }} />}
        {tabs ? <FormTabs items={[{ key: FORM_TAB, label: tabs.formLabel, children: formBody }, ...tabs.others(record)]} /> : formBody}
      </Card>
    </>
  );
}
