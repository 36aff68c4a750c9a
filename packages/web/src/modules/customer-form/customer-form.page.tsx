import { CheckCircleFilled } from '@ant-design/icons';
import { MESSAGES } from '@facet/contract/messages';
import type { CustomerFormOptions } from '@facet/contract/modules/customer-form/customer-form.schema';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, Segmented, Select, Spin } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { PageLoading } from '../../layout/page-loading.tsx';
import { fetchSession, SESSION_QUERY_KEY } from '../../session/session.api.ts';
import { canAccess } from '../../session/session-context.ts';
import { BrandLogo } from '../../ui/brand-logo.tsx';
import { failureMessage } from '../../ui/feedback.ts';
import { customerFormApi } from './customer-form.api.ts';

/** How long the thank-you stays before the form is empty again for the next customer. */
const THANK_YOU_SECONDS = 8;

type Wish = 'message' | 'appointment';
const WISHES: { value: Wish; label: string }[] = [
  { value: 'message', label: 'Leave a message' },
  { value: 'appointment', label: 'Request an appointment' },
];

interface Fields {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  message?: string;
  serviceId?: number;
  bookingDate?: Dayjs;
}

const required = [{ required: true, whitespace: true, message: MESSAGES.required }];

/**
 * Where the server's issues show: the contact form names the customer `name` (first and last name
 * here) and the appointment names the phone `contactNumber`.
 */
const FIELD_OF_ISSUE: Record<string, keyof Fields> = { name: 'firstName', contactNumber: 'phone' };

const FIELDS_OF: Record<Wish, readonly (keyof Fields)[]> = {
  message: ['firstName', 'lastName', 'email', 'phone', 'message'],
  appointment: ['firstName', 'lastName', 'email', 'phone', 'serviceId', 'bookingDate'],
};

/** The thank-you, then an empty form for the next customer after a few seconds (or at once). */
function ThankYou({ text, onDone }: { text: string; onDone: () => void }) {
  const [left, setLeft] = useState(THANK_YOU_SECONDS);
  useEffect(() => {
    if (left <= 0) {
      onDone();
      return;
    }
    const timer = setTimeout(() => setLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, onDone]);
  return (
    <div className="customer-form__thanks" role="status">
      <CheckCircleFilled className="customer-form__thanks-icon" aria-hidden />
      <h2>{text}</h2>
      <p>This form will be ready for the next customer in {left} seconds.</p>
      <Button size="large" onClick={onDone}>
        Start again now
      </Button>
    </div>
  );
}

function CustomerForm({ options }: { options: CustomerFormOptions }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Fields>();
  const [wish, setWish] = useState<Wish>('message');
  const [thanks, setThanks] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: ({ firstName, lastName, email, phone = '', ...rest }: Fields) =>
      wish === 'message'
        ? customerFormApi.sendMessage({ name: `${firstName.trim()} ${lastName.trim()}`, email, phone, message: rest.message ?? '' })
        : customerFormApi.requestAppointment({ firstName, lastName, email, contactNumber: phone, serviceId: rest.serviceId ?? 0, bookingDate: rest.bookingDate?.toISOString() ?? '' }),
    onSuccess: (sent) => setThanks(sent.message),
    onError: (error: unknown) => {
      const issues = isApiError(error) ? error.issues : [];
      const shown = issues.flatMap((issue) => {
        const sent = String(issue.path[0]);
        const field = FIELD_OF_ISSUE[sent] ?? FIELDS_OF[wish].find((name) => name === sent);
        return field ? [{ name: field, errors: [issue.message] }] : [];
      });
      form.setFields(shown);
      if (!shown.length) void message.warning(failureMessage(error));
    },
  });
  const startAgain = () => {
    form.resetFields();
    setWish('message');
    setThanks(null);
  };

  if (thanks) return <ThankYou text={thanks} onDone={startAgain} />;
  return (
    <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={(fields) => send.mutate(fields)} aria-label="Customer form">
      <Form.Item label="How can we help?">
        <Segmented block options={WISHES} value={wish} onChange={setWish} aria-label="How can we help?" />
      </Form.Item>
      <div className="customer-form__row">
        <Form.Item name="firstName" label="First name" rules={required}>
          <Input autoComplete="given-name" />
        </Form.Item>
        <Form.Item name="lastName" label="Last name" rules={required}>
          <Input autoComplete="family-name" />
        </Form.Item>
      </div>
      <div className="customer-form__row">
        <Form.Item name="email" label="E-mail" rules={required}>
          <Input autoComplete="email" inputMode="email" />
        </Form.Item>
        <Form.Item name="phone" label={wish === 'message' ? 'Phone (optional)' : 'Phone'} rules={wish === 'appointment' ? required : []}>
          <Input type="tel" autoComplete="tel" inputMode="tel" />
        </Form.Item>
      </div>
      {wish === 'message' ? (
        <Form.Item name="message" label="Your message" rules={required}>
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 8 }} />
        </Form.Item>
      ) : (
        <div className="customer-form__row">
          <Form.Item name="serviceId" label="Service" rules={[{ required: true, message: MESSAGES.unknownService }]}>
            <Select options={options.services.map((service) => ({ value: service.id, label: service.title }))} notFoundContent="No services are offered at the moment." />
          </Form.Item>
          <Form.Item name="bookingDate" label="Date and time" rules={[{ required: true, message: MESSAGES.required }]}>
            <DatePicker
              showTime={{ format: 'hh:mm A', minuteStep: 15, use12Hours: true }}
              format="MM/DD/YYYY hh:mm A"
              disabledDate={(day) => day.isBefore(dayjs(), 'day')}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </div>
      )}
      <Button type="primary" htmlType="submit" block loading={send.isPending} disabled={send.isPending}>
        {wish === 'message' ? 'Send message' : 'Request appointment'}
      </Button>
    </Form>
  );
}

/**
 * /form (outside the shell, like /login): the in-store customer form on the shop's tablet, opened by
 * a member of staff holding `sales` (a 401 goes to /login; without `sales` to /). No admin navigation:
 * the customer sees the shop's name and the form, then the server's thank-you, and the
 * form empties itself for the next customer.
 */
export default function CustomerFormPage() {
  const session = useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: Infinity });
  const mayUse = session.data !== undefined && canAccess(session.data, 'sales');
  const options = useQuery({ queryKey: ['customer-form', 'options'], queryFn: customerFormApi.options, enabled: mayUse });
  // A 401 is already on its way to /login (api/client.ts).
  if (session.isPending || isApiError(session.error, 401)) return <PageLoading />;
  if (session.isError) return <Navigate to="/error" replace />;
  if (!mayUse) return <Navigate to="/" replace />;
  return (
    <App>
      <main className="customer-form">
        <div className="customer-form__card">
          <header className="customer-form__brand">
            <BrandLogo size={48} />
            <h1>{options.data ? `Welcome to ${options.data.shopName}` : 'Welcome'}</h1>
            <p>Leave us a message or ask for an appointment, and we will be in touch.</p>
          </header>
          {options.data ? <CustomerForm options={options.data} /> : options.isError ? <p role="alert">{MESSAGES.somethingWentWrong}</p> : <Spin />}
        </div>
      </main>
    </App>
  );
}
