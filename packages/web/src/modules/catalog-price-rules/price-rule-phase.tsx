import type { PriceRulePhase } from '@facet/contract/modules/catalog-price-rules/catalog-price-rule.schema';
import { priceRulePhase } from '@facet/contract/modules/catalog-price-rules/catalog-price-rule.schema';
import { Tag } from 'antd';

const PHASE_TAGS: Record<PriceRulePhase, { color: string; label: string }> = {
  scheduled: { color: 'blue', label: 'Scheduled' },
  running: { color: 'green', label: 'Running now' },
  ended: { color: 'default', label: 'Ended' },
};

/** Where a rule stands now: Running now (it prices products, if on), Scheduled or Ended. */
export function PriceRulePhaseTag({ rule }: { rule: { startDate: string; endDate: string; status: boolean } }) {
  const phase = priceRulePhase(rule);
  const tag = PHASE_TAGS[phase];
  if (phase === 'running' && !rule.status) return <Tag color="default">Off</Tag>;
  return <Tag color={tag.color}>{tag.label}</Tag>;
}
