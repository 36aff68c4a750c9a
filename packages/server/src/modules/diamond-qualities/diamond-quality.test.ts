import { MESSAGES } from '@facet/contract/messages';
import { diamondQualityResource } from '@facet/contract/modules/diamond-qualities/diamond-quality.schema';
import { describeCrudResource } from '../../test/crud-suite.ts';

describeCrudResource({
  resource: diamondQualityResource,
  validInput: (n) => ({ stoneQuality: `VS-GH-${n}`, clarity: 'VS', color: 'GH', status: true }),
  updateChange: () => ({ clarity: 'VVS', color: 'EF' }),
  invalid: [
    { name: 'a missing diamond quality', input: ({ stoneQuality: _q, ...v }) => v, field: 'stoneQuality', message: MESSAGES.required },
    { name: 'a diamond quality with a slash', input: (v) => ({ ...v, stoneQuality: 'VS/GH' }), field: 'stoneQuality', message: MESSAGES.lettersDigitsDashes },
    { name: 'a diamond quality with a space', input: (v) => ({ ...v, stoneQuality: 'VS GH' }), field: 'stoneQuality', message: MESSAGES.lettersDigitsDashes },
    { name: 'a diamond quality over 25 characters', input: (v) => ({ ...v, stoneQuality: 'V'.repeat(26) }), field: 'stoneQuality', message: MESSAGES.maxLength(25) },
    { name: 'a missing clarity', input: (v) => ({ ...v, clarity: '' }), field: 'clarity', message: MESSAGES.required },
    { name: 'a clarity with digits', input: (v) => ({ ...v, clarity: 'VS1' }), field: 'clarity', message: MESSAGES.lettersOnly },
    { name: 'a clarity over 10 characters', input: (v) => ({ ...v, clarity: 'S'.repeat(11) }), field: 'clarity', message: MESSAGES.maxLength(10) },
    { name: 'a missing color', input: ({ color: _c, ...v }) => v, field: 'color', message: MESSAGES.required },
    { name: 'a color with a dash', input: (v) => ({ ...v, color: 'G-H' }), field: 'color', message: MESSAGES.lettersOnly },
    { name: 'a color over 10 characters', input: (v) => ({ ...v, color: 'D'.repeat(11) }), field: 'color', message: MESSAGES.maxLength(10) },
  ],
});
