import { MESSAGES } from '@facet/contract/messages';
import type { ResourceDefinition } from '@facet/contract/resource';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../api/client.ts';
import { PageHeader } from './page-header.tsx';
import type { RecordOf } from './resource-api.ts';
import { resourceApi, resourceKeys } from './resource-api.ts';
import type { ViewPaths } from './resource-paths.ts';

export interface ResourceViewPageProps<R extends ResourceDefinition> {
  resource: R;
  paths: ViewPaths;
  /** The page's title for the record ('Inquiry INQ-000042'). */
  title: (record: RecordOf<R>) => ReactNode;
  /** Buttons beside Back and the title (Send reminder, Print). */
  extra?: (record: RecordOf<R>) => ReactNode;
  /** The record's sections. */
  children: (record: RecordOf<R>) => ReactNode;
}

/**
 * A record staff read (an inquiry, an abandoned cart): loaded by the route's `:id`, drawn by
 * `children`, with Back returning to the list with the page and filters the view's URL carries from it.
 */
export function ResourceViewPage<R extends ResourceDefinition>({ resource, paths, title, extra, children }: ResourceViewPageProps<R>) {
  const { id } = useParams();
  const recordId = Number(id);
  const api = useMemo(() => resourceApi(resource), [resource]);
  const navigate = useNavigate();
  const { search } = useLocation();
  const backToList = () => void navigate(`${paths.list}${search}`);
  const record = useQuery({ queryKey: resourceKeys.detail(resource, recordId), queryFn: () => api.get(recordId) });

  if (record.isPending) return <Skeleton active />;
  if (record.isError) {
    const isGone = isApiError(record.error, 404);
    return (
      <Result
        status={isGone ? '404' : 'error'}
        title={isGone ? 'This record no longer exists.' : MESSAGES.somethingWentWrong}
        extra={<Button onClick={backToList}>Back to the list</Button>}
      />
    );
  }
  return (
    <>
      <PageHeader title={title(record.data)} onBack={backToList} extra={extra?.(record.data)} />
      {children(record.data)}
    </>
  );
}
