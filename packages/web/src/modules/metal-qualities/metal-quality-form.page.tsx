import { DEFAULT_FINENESS, DEFAULT_WEIGHT, METAL_QUALITY_LIMITS, metalQualityRate, metalQualityResource } from '@facet/contract/modules/metal-qualities/metal-quality.schema';
import { Col, Form, Row, Select } from 'antd';
import { choicesLoadingState } from '../../ui/loading-state.tsx';
import { NumberInput } from '../../ui/number-input.tsx';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { StatusField } from '../../ui/status-field.tsx';
import { useMetalQualityChoices } from './metal-quality.api.ts';
import { metalQualityPaths } from './metal-quality.paths.ts';

/** Form fields named by metalQualityResource's input. */
const Field = formFieldOf(metalQualityResource);

/**
 * Spec (document 1 §2): choosing a metal fills Gold Price and Labour Charge from it; the rate is
 * gold price × fineness / 100, shown as the server will store it (the server computes it itself).
 */
function MetalQualityFields() {
  const form = Form.useFormInstance();
  const choices = useMetalQualityChoices();
  const goldRate = Form.useWatch<number | undefined>('goldRate', form);
  const fineness = Form.useWatch<number | null | undefined>('fineness', form);
  const rate = goldRate !== undefined && typeof fineness === 'number' ? metalQualityRate(goldRate, fineness) : undefined;

  const chooseMetal = (metalId: number) => {
    const metal = choices.data?.metals.find((m) => m.id === metalId);
    if (metal) form.setFieldsValue({ goldRate: metal.metalPrice, labourCharges: metal.metalLabourCharge });
  };

  return (
    <>
      <Row gutter={16}>
        <Col span={12}>
          <Field name="metalQualityOptionId" label="Metal Quality" required>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              {...choicesLoadingState(choices.isPending)}
              options={choices.data?.qualityOptions.map((option) => ({ value: option.id, label: option.value }))}
              placeholder="Select metal quality"
            />
          </Field>
        </Col>
        <Col span={12}>
          <Field name="metalId" label="Metal" required>
            <Select
              {...choicesLoadingState(choices.isPending)}
              options={choices.data?.metals.map((metal) => ({ value: metal.id, label: metal.metalType }))}
              onChange={chooseMetal}
              placeholder="Select metal"
            />
          </Field>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="goldRate" label="Gold Price" extra="From the metal, per gram.">
            <NumberInput decimals={2} prefix="£" readOnly variant="filled" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Field name="fineness" label="Fineness(%)" required>
            <NumberInput decimals={3} max={100} maxLength={METAL_QUALITY_LIMITS.fineness} />
          </Field>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <Field name="weight" label="Weight (kt)" required>
            <NumberInput decimals={3} readOnly variant="filled" maxLength={METAL_QUALITY_LIMITS.weight} />
          </Field>
        </Col>
        <Col span={12}>
          <Form.Item label="Rate" extra="Gold price × fineness / 100.">
            <NumberInput decimals={2} prefix="£" readOnly variant="filled" value={rate} aria-label="Rate" />
          </Form.Item>
        </Col>
      </Row>
      <Field name="labourCharges" label="Labour Charge" required>
        <NumberInput decimals={2} prefix="£" maxLength={METAL_QUALITY_LIMITS.labourCharge} />
      </Field>
      <StatusField />
    </>
  );
}

export default function MetalQualityFormPage() {
  return (
    <ResourceFormPage
      resource={metalQualityResource}
      paths={metalQualityPaths}
      defaults={{ status: true, fineness: DEFAULT_FINENESS, weight: DEFAULT_WEIGHT }}
    >
      <MetalQualityFields />
    </ResourceFormPage>
  );
}
