import { contentPageResource } from '@facet/contract/modules/content-pages/content-page.schema';
import { productAttributeResource } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import { userResource } from '@facet/contract/modules/users/user.schema';
import { describe, expect, it } from 'vitest';
import { contentPages } from '../modules/content-pages/content-page.table.ts';
import { productAttributes } from '../modules/product-attributes/product-attribute.table.ts';
import { users } from '../modules/users/user.table.ts';
import { uniqueRulesByIndex } from './crud-service.ts';

/** A unique violation names an index; these maps turn it into the field and label of the duplicate message. */
describe('uniqueRulesByIndex', () => {
  it('finds the field behind each unique index, by the column it covers, even under lower()', () => {
    expect(uniqueRulesByIndex(users, userResource.unique)).toEqual(
      new Map([
        ['users_name_live', { field: 'name', label: 'Username' }],
        ['users_email_live', { field: 'email', label: 'Email' }],
      ]),
    );
    // The index name says `code`, the field is attributeCode: the column decides, not the name.
    expect(uniqueRulesByIndex(productAttributes, productAttributeResource.unique)).toEqual(
      new Map([['product_attributes_code_live', { field: 'attributeCode', label: 'Attribute code' }]]),
    );
  });

  it('keeps unique indexes that enforce no rule of the resource, without a field', () => {
    expect(uniqueRulesByIndex(contentPages, contentPageResource.unique)).toEqual(
      new Map([
        ['content_pages_slug_live', { field: 'slug', label: 'Slug' }],
        ['content_pages_page_code_live', null],
      ]),
    );
  });
});
