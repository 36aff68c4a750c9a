import { BANNER_IMAGE_FIELDS, BANNER_RETURN_SECONDS, bannerResource } from '@facet/contract/modules/banners/banner.schema';
import { Card, Col, Input, Result, Row } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ImageUpload } from '../../ui/image-upload.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { StatusField } from '../../ui/status-field.tsx';
import { bannerPaths } from './banner.paths.ts';

const Field = formFieldOf(bannerResource);

/**
 * Document 2 §4: after a save the screen says so and returns to the list after 5 seconds; the link
 * goes at once. It takes the form's place, so nothing can be submitted twice meanwhile (a second
 * Submit on the add form would create a second banner).
 */
function SavedBanner({ name }: { name: string }) {
  const isEdit = useParams().id !== undefined;
  const navigate = useNavigate();
  const [left, setLeft] = useState(BANNER_RETURN_SECONDS);
  useEffect(() => {
    if (left <= 0) {
      void navigate(bannerPaths.list);
      return;
    }
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, navigate]);
  return (
    <>
      <PageHeader title={isEdit ? 'Edit Banner' : 'Add Banner'} />
      <Card>
        <Result
          status="success"
          title={`Banner ${name} saved.`}
          subTitle={<span role="status">Returning to the list in {left} second{left === 1 ? '' : 's'}.</span>}
          extra={<Link to={bannerPaths.list}>Go to the list now</Link>}
        />
      </Card>
    </>
  );
}

export default function BannerFormPage() {
  const [saved, setSaved] = useState<{ name: string } | null>(null);
  if (saved) return <SavedBanner name={saved.name} />;
  return (
    <ResourceFormPage
      resource={bannerResource}
      paths={bannerPaths}
      titles={{ add: 'Add Banner', edit: 'Edit Banner' }}
      defaults={{ status: true, ...Object.fromEntries(BANNER_IMAGE_FIELDS.map(({ field }) => [field, ''])) }}
      toFormValues={(banner) => ({ name: banner.name, status: banner.status, ...Object.fromEntries(BANNER_IMAGE_FIELDS.map(({ field }) => [field, banner[field]])) })}
      onSaved={(banner) => {
        setSaved({ name: banner.name });
        return true;
      }}
    >
      <>
        <Field name="name" label="Name" required>
          <Input />
        </Field>
        <Row gutter={24}>
          {BANNER_IMAGE_FIELDS.map(({ field, label }) => (
            <Col key={field} xs={24} md={12}>
              <Field name={field} label={label} required extra="JPEG, JPG, PNG or WEBP, up to 2 MB">
                <ImageUpload purpose="banner-image" />
              </Field>
            </Col>
          ))}
        </Row>
        <StatusField />
      </>
    </ResourceFormPage>
  );
}
