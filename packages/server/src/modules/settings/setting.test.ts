import { MESSAGES } from '@facet/contract/messages';
import { settingResource } from '@facet/contract/modules/settings/setting.schema';
import { describeCrudResource } from '../../test/crud-suite.ts';

describeCrudResource({
  resource: settingResource,
  validInput: (n) => ({ title: `Store Phone ${n}`, key: `store_phone_${n}`, value: '020 7946 0321' }),
  updateChange: () => ({ title: 'Shop Telephone', value: '0121 496 0000' }),
  invalid: [
    { name: 'a missing title', input: (v) => ({ ...v, title: '' }), field: 'title', message: MESSAGES.required },
    { name: 'a missing key', input: ({ key: _k, ...v }) => v, field: 'key', message: MESSAGES.required },
    { name: 'a blank key', input: (v) => ({ ...v, key: '   ' }), field: 'key', message: MESSAGES.required },
    { name: 'a missing value', input: (v) => ({ ...v, value: '' }), field: 'value', message: MESSAGES.required },
    { name: 'a title over 255 characters', input: (v) => ({ ...v, title: 't'.repeat(256) }), field: 'title', message: MESSAGES.maxLength(255) },
  ],
});
