import type { CustomerRecord } from '@facet/contract/modules/customers/customer.schema';
import { CUSTOMER_GENDERS, customerResource } from '@facet/contract/modules/customers/customer.schema';
import { customerGroupResource } from '@facet/contract/modules/customer-groups/customer-group.schema';
import { Alert, DatePicker, Flex, Form, Input, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { ImageUpload } from '../../ui/image-upload.tsx';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { ResourceSelect } from '../../ui/resource-select.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { StatusField } from '../../ui/status-field.tsx';
import { CustomerAddressesTab } from './customer-addresses.tab.tsx';
import { CustomerOrdersTab } from './customer-orders.tab.tsx';
import { customerPaths } from './customer.paths.ts';
import { PasswordStrength } from './password-strength.tsx';

const Field = formFieldOf(customerResource);

const GENDER_OPTIONS = [{ value: '', label: 'Not given' }, ...Object.entries(CUSTOMER_GENDERS).map(([value, label]) => ({ value, label }))];

function toFormValues(customer: CustomerRecord) {
  const { firstName, lastName, email, contactNumber, dateOfBirth, gender, groupId, isSubscribed, profilePicture, status } = customer;
  return { firstName, lastName, email, contactNumber, dateOfBirth, gender, groupId, isSubscribed, profilePicture, status };
}

/** A social provider as stored by the storefront ('google', 'apple') as staff write it ('Google', 'Apple'). */
const PROVIDER_NAMES: Record<string, string> = { google: 'Google', facebook: 'Facebook', apple: 'Apple', microsoft: 'Microsoft', amazon: 'Amazon' };
function providerName(provider: string) {
  return PROVIDER_NAMES[provider.toLowerCase()] ?? provider.charAt(0).toUpperCase() + provider.slice(1);
}

/** How the customer signs in, when it is not a password: a guest has no account, a social sign-in no password. */
function AccountKind({ customer }: { customer: CustomerRecord | undefined }) {
  if (customer?.isGuest) {
    return <Alert type="info" showIcon style={{ marginBottom: 16 }} message="Guest customer" description="Checked out without an account: no password. Signing up on the storefront with this email makes this customer a registered one." />;
  }
  if (customer?.socialId) {
    const [provider = ''] = customer.socialId.split(':');
    return <Alert type="info" showIcon style={{ marginBottom: 16 }} message={`Signs in with ${providerName(provider)}`} description={`Social sign-in id ${customer.socialId}.`} />;
  }
  return null;
}

/** The password a new customer gets, with its strength shown as it is typed. */
function PasswordFields() {
  const password = Form.useWatch<string | undefined>('password');
  return (
    <Flex gap={16} wrap>
      <Field name="password" label="Password" required extra={<PasswordStrength password={password} />} style={{ flex: 1, minWidth: 240 }}>
        <Input.Password autoComplete="new-password" />
      </Field>
      <Field name="confirmPassword" label="Confirm Password" required dependencies={['password']} style={{ flex: 1, minWidth: 240 }}>
        <Input.Password autoComplete="new-password" />
      </Field>
    </Flex>
  );
}

/**
 * /customers/add and /customers/edit/:id (document 2 §2): Account Information, and when editing the
 * Addresses and Orders tabs. The server's answer that the email is taken shows under the email field.
 */
export default function CustomerFormPage() {
  return (
    <ResourceFormPage
      resource={customerResource}
      paths={customerPaths}
      defaults={{ status: true, isSubscribed: false, gender: '', dateOfBirth: '', profilePicture: '' }}
      toFormValues={toFormValues}
      tabs={{
        formLabel: 'Account Information',
        others: (customer) =>
          customer
            ? [
                { key: 'addresses', label: 'Addresses', children: <CustomerAddressesTab customerId={customer.id} /> },
                { key: 'orders', label: 'Orders', children: <CustomerOrdersTab customerId={customer.id} /> },
              ]
            : [],
      }}
    >
      {(customer) => (
        <>
          <AccountKind customer={customer} />
          <Flex gap={16} wrap>
            <Field name="firstName" label="First Name" required style={{ flex: 1, minWidth: 240 }}>
              <Input />
            </Field>
            <Field name="lastName" label="Last Name" required style={{ flex: 1, minWidth: 240 }}>
              <Input />
            </Field>
          </Flex>
          <Flex gap={16} wrap>
            <Field name="email" label="Email" required style={{ flex: 1, minWidth: 240 }}>
              <Input type="email" autoComplete="off" />
            </Field>
            <Field name="contactNumber" label="Contact Number" required style={{ flex: 1, minWidth: 240 }}>
              <Input autoComplete="off" />
            </Field>
          </Flex>
          {!customer && <PasswordFields />}
          <Flex gap={16} wrap>
            <Field
              name="dateOfBirth"
              label="Date of Birth"
              style={{ flex: 1, minWidth: 240 }}
              getValueProps={(value: string) => ({ value: value ? dayjs(value) : null })}
              normalize={(value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : '')}
            >
              <DatePicker format="MM/DD/YYYY" disabledDate={(day) => day.isAfter(dayjs(), 'day')} style={{ width: '100%' }} />
            </Field>
            <Field name="gender" label="Gender" style={{ flex: 1, minWidth: 240 }}>
              <Select options={GENDER_OPTIONS} />
            </Field>
          </Flex>
          <Flex gap={16} wrap>
            <Field name="groupId" label="Customer Group" style={{ flex: 1, minWidth: 240 }} extra={customer ? undefined : 'General when none is chosen.'}>
              <ResourceSelect resource={customerGroupResource} optionLabel={(group) => group.name} placeholder="Select group" allowClear />
            </Field>
            <Field name="isSubscribed" label="Subscribed" valuePropName="checked" style={{ flex: 1, minWidth: 240 }}>
              <Switch checkedChildren="Yes" unCheckedChildren="No" />
            </Field>
          </Flex>
          <Field name="profilePicture" label="Profile Picture">
            <ImageUpload purpose="customer-profile-picture" />
          </Field>
          <StatusField />
        </>
      )}
    </ResourceFormPage>
  );
}
