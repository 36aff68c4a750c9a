import { PlusOutlined } from '@ant-design/icons';
import { MESSAGES } from '@facet/contract/messages';
import type { AddressRecord } from '@facet/contract/modules/customers/address.schema';
import { addressInputSchema } from '@facet/contract/modules/customers/address.schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { App, Button, Checkbox, Flex, Form, Input, Modal, Select, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../api/client.ts';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { RowActionButtons } from '../../ui/list-columns.tsx';
import { tableLoadingState } from '../../ui/loading-state.tsx';
import { FormField, SchemaForm, showIssuesOnFields } from '../../ui/schema-form.tsx';
import { customerApi, customerKeys } from './customer.api.ts';
import { showDeleteConfirm } from '../../ui/confirm-delete.ts';

const EMPTY_ADDRESS = { firstName: '', lastName: '', street: '', countryId: 'GB', stateId: '', city: '', postcode: '', contactNumber: '', defaultBilling: false, defaultShipping: false, status: true };

/** The Addresses tab of a customer (document 2 §2): the list, and the add/edit modal. */
export function CustomerAddressesTab({ customerId }: { customerId: number }) {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const addresses = useQuery({ queryKey: customerKeys.addresses(customerId), queryFn: () => customerApi.addresses(customerId) });
  const [editing, setEditing] = useState<AddressRecord | 'new' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: customerKeys.addresses(customerId) });

  const confirmAddressDelete = (address: AddressRecord) =>
    showDeleteConfirm({ modal, message }, { remove: () => customerApi.removeAddress(customerId, address.id), afterDeleted: refresh });

  const flag = (isSet: boolean) => (isSet ? <Tag color="blue">Yes</Tag> : '-');
  const columns: TableColumnsType<AddressRecord> = [
    { title: 'Name', key: 'name', render: (_, a) => <span style={{ whiteSpace: 'nowrap' }}>{`${a.firstName} ${a.lastName}`}</span> },
    { title: 'Street', dataIndex: 'street' },
    { title: 'City', dataIndex: 'city' },
    { title: 'State', dataIndex: 'stateName' },
    { title: 'Country', dataIndex: 'countryName' },
    // A name or a post code ('CH1 9NA') broken over two lines reads as two.
    { title: 'Post Code', dataIndex: 'postcode', render: (postcode: string) => <span style={{ whiteSpace: 'nowrap' }}>{postcode}</span> },
    { title: 'Contact Number', dataIndex: 'contactNumber' },
    { title: 'Default Billing', dataIndex: 'defaultBilling', render: flag },
    { title: 'Default Shipping', dataIndex: 'defaultShipping', render: flag },
    { title: 'Status', dataIndex: 'status', render: (active: boolean) => (active ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>) },
    { title: 'Action', key: 'action', width: 100, render: (_, a) => <RowActionButtons rules={{}} onEdit={() => setEditing(a)} onDelete={() => confirmAddressDelete(a)} /> },
  ];

  return (
    <>
      <Flex justify="end" style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          Add Address
        </Button>
      </Flex>
      <Table<AddressRecord> rowKey="id" columns={columns} dataSource={addresses.data ?? []} pagination={false} scroll={{ x: true }} {...tableLoadingState(addresses.isPending)} />
      {editing && (
        <AddressModal
          customerId={customerId}
          address={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await refresh();
          }}
        />
      )}
    </>
  );
}

interface AddressModalProps {
  customerId: number;
  address: AddressRecord | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}

/** Add or edit one address; country, state and city cascade (a change resets what hangs below it). */
function AddressModal({ customerId, address, onClose, onSaved }: AddressModalProps) {
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const countryId: string = Form.useWatch('countryId', form) ?? address?.countryId ?? EMPTY_ADDRESS.countryId;
  const stateId: string = Form.useWatch('stateId', form) ?? address?.stateId ?? '';
  const [citySearch, setCitySearch] = useState('');

  const countries = useQuery({ queryKey: customerKeys.countries, queryFn: customerApi.countries, staleTime: Infinity });
  const states = useQuery({ queryKey: customerKeys.states(countryId), queryFn: () => customerApi.states(countryId), enabled: Boolean(countryId), staleTime: Infinity });
  // The first page of the state's cities tells whether it has any: a state the lookups list none for takes a typed city.
  const allCities = useQuery({ queryKey: customerKeys.cities(countryId, stateId, ''), queryFn: () => customerApi.cities(countryId, stateId, ''), enabled: Boolean(countryId && stateId), staleTime: Infinity });
  const cities = useQuery({
    queryKey: customerKeys.cities(countryId, stateId, citySearch),
    queryFn: () => customerApi.cities(countryId, stateId, citySearch),
    enabled: Boolean(countryId && stateId),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  const hasCityList = !allCities.data || allCities.data.length > 0;

  const save = useMutation({
    mutationFn: (input: Record<string, unknown>) => (address ? customerApi.updateAddress(customerId, address, input) : customerApi.addAddress(customerId, input)),
    onSuccess: async () => {
      void message.success(address ? MESSAGES.recordUpdated : MESSAGES.recordAdded);
      await onSaved();
    },
    onError: (error) => {
      if (!isWorthReporting(error)) return;
      const unplaced = isApiError(error) ? showIssuesOnFields(form, error.issues) : [error];
      if (unplaced.length) void message.warning(failureMessage(error));
    },
  });

  const optionsOf = (items: { id: string; name: string }[] | undefined) => items?.map((item) => ({ value: item.id, label: item.name }));
  return (
    <Modal
      open
      title={address ? 'Edit Address' : 'Add Address'}
      okText="Submit"
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: save.isPending, disabled: save.isPending }}
      width={720}
      destroyOnHidden
    >
      <SchemaForm name="address" schema={addressInputSchema} form={form} onSubmit={(input) => save.mutate(input)} initialValues={address ?? EMPTY_ADDRESS} layout="vertical">
        <Flex gap={16}>
          <FormField name="firstName" label="First Name" required style={{ flex: 1 }}>
            <Input />
          </FormField>
          <FormField name="lastName" label="Last Name" required style={{ flex: 1 }}>
            <Input />
          </FormField>
        </Flex>
        <FormField name="street" label="Street" required>
          <Input.TextArea rows={2} />
        </FormField>
        <Flex gap={16}>
          <FormField name="countryId" label="Country" required style={{ flex: 1 }}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={optionsOf(countries.data)}
              loading={countries.isPending}
              placeholder="Select country"
              onChange={() => {
                setCitySearch('');
                form.setFieldsValue({ stateId: undefined, city: undefined });
              }}
            />
          </FormField>
          <FormField name="stateId" label="State" required style={{ flex: 1 }}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={optionsOf(states.data)}
              loading={states.isFetching}
              placeholder="Select state"
              disabled={!countryId}
              onChange={() => {
                setCitySearch('');
                form.setFieldsValue({ city: undefined });
              }}
            />
          </FormField>
        </Flex>
        <Flex gap={16}>
          <FormField name="city" label="City" required style={{ flex: 1 }}>
            {hasCityList ? (
              <Select
                showSearch={{ filterOption: false, onSearch: setCitySearch }}
                options={optionsOf(cities.data)}
                loading={cities.isFetching}
                placeholder="Select city"
                disabled={!stateId}
                onChange={() => setCitySearch('')}
              />
            ) : (
              <Input placeholder="City" />
            )}
          </FormField>
          <FormField name="postcode" label="Post Code" required dependencies={['countryId']} style={{ flex: 1 }}>
            <Input />
          </FormField>
        </Flex>
        <FormField name="contactNumber" label="Contact Number" required>
          <Input />
        </FormField>
        <Flex gap={24}>
          <FormField name="defaultBilling" valuePropName="checked">
            <Checkbox>Default Billing Address</Checkbox>
          </FormField>
          <FormField name="defaultShipping" valuePropName="checked">
            <Checkbox>Default Shipping Address</Checkbox>
          </FormField>
        </Flex>
        <FormField name="status" label="Status" valuePropName="checked" extra="An inactive address is kept but not offered to the customer at checkout.">
          <Switch checkedChildren="Active" unCheckedChildren="Inactive" />
        </FormField>
      </SchemaForm>
    </Modal>
  );
}
