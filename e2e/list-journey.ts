import { MESSAGES } from '@facet/contract/messages';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { ADMIN, confirmDialog, login, signInApi, test, uniqueName } from './support.ts';

/**
 * The browser journey every flat reference-data screen shares (list, add/edit form, search, sort,
 * status switch, delete, a rejected form), driven by what differs per screen. Each screen's spec
 * file describes only its fields and data.
 */
export interface ListJourney {
  /** As the tests name the screen: 'shipping rates'. */
  name: string;
  listPath: string;
  addButton: string;
  /** Where the journey creates its list data directly: '/api/shipping-rates'. */
  apiPath: string;
  /** Screens with an Active/Inactive switch. */
  hasStatus: boolean;
  /**
   * Two records for the list checks, created through the API in this order, both found by
   * `searchTerm` and nothing else; `rowText` is what identifies each row in the table.
   */
  listData(run: string, request: APIRequestContext): Promise<{ searchTerm: string; records: [ListRecord, ListRecord] }>;
  /** Sort headers clicked in turn, each with the URL it sets and the record order it shows (indexes into records). */
  sorts: { column: string; url: RegExp; order: [number, number] }[];
  /**
   * How the list is narrowed to a term when the screen has no search box (diamond markups have
   * filters instead): the default types the term into Search.
   */
  find?(page: Page, term: string): Promise<void>;
  /** Fills the add form with a valid record; returns the text its row shows. */
  fillNew(page: Page, run: string): Promise<string>;
  /** Changes the record open in the edit form; returns the text its row shows afterwards. */
  edit(page: Page, run: string): Promise<string>;
  /** Submits invalid forms and checks the spec's messages under the fields. */
  rejectForm(page: Page): Promise<void>;
}

interface ListRecord {
  body: Record<string, unknown>;
  rowText: string;
}

/** The message shown under the form field labelled `label` (found by the label's text, so radio groups count too). */
export function fieldError(page: Page, label: string): Locator {
  const labelText = page.locator('.ant-form-item-label').getByText(label, { exact: true });
  return page.locator('.ant-form-item').filter({ has: labelText }).locator('.ant-form-item-explain');
}

export async function submitForm(page: Page) {
  await page.getByRole('button', { name: 'Submit' }).click();
}

/**
 * Submits the form and expects the save's toast. The write's answer is awaited first (a loaded
 * machine may take longer than an assertion's wait); when the toast does not come, the failure says
 * what the server answered and what the form shows, so a failure in CI explains itself.
 */
async function submitAndExpectSaved(page: Page, apiPath: string, method: 'POST' | 'PUT', toast: string) {
  const shownErrors = async () => (await page.locator('.ant-form-item-explain-error, .ant-alert-error, .ant-message-notice').allTextContents()).join(' | ') || 'no error';
  const answered = page.waitForResponse((response) => response.request().method() === method && new URL(response.url()).pathname.startsWith(apiPath), { timeout: 30_000 }).catch(() => null);
  await submitForm(page);
  const response = await answered;
  if (!response) throw new Error(`Submit had no answer to a ${method} of ${apiPath} within 30 s; the form shows: ${await shownErrors()}`);
  expect(response.ok(), `${method} ${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
  await expect(page.getByText(toast), `the form shows: ${await shownErrors()}`).toBeVisible();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const rowOf = (page: Page, text: string) => page.getByRole('row', { name: new RegExp(escapeRegExp(text)) });
const tableRows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row').allTextContents();

/** The URL changes before the lazily loaded form (and, when editing, its record) is on screen. */
export async function expectFormShown(page: Page) {
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
}

async function searchList(page: Page, term: string) {
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(term);
  // Sent after the pause in typing, and kept in the URL.
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(term).replace(/%20/g, '(\\+|%20)')}`));
}

export function describeListJourney(journey: ListJourney) {
  const find = (page: Page, term: string) => (journey.find ?? searchList)(page, term);
  test.describe(`${journey.name} screens`, () => {
    test.beforeEach(async ({ page }) => {
      await login(page, ADMIN.username, ADMIN.password);
      await page.goto(journey.listPath);
    });

    test('a rejected form shows the spec messages under its fields and saves nothing', async ({ page }) => {
      await page.getByRole('button', { name: journey.addButton }).click();
      await expect(page).toHaveURL(new RegExp(`${journey.listPath}/add$`));
      await journey.rejectForm(page);
      await expect(page).toHaveURL(new RegExp(`${journey.listPath}/add$`));
    });

    test('creates through the form, finds it by search and edits it', async ({ page }) => {
      const run = uniqueName('e');
      await page.getByRole('button', { name: journey.addButton }).click();
      await expect(page).toHaveURL(new RegExp(`${journey.listPath}/add$`));
      await expectFormShown(page);
      const rowText = await journey.fillNew(page, run);
      await submitAndExpectSaved(page, journey.apiPath, 'POST', MESSAGES.recordAdded);
      await expect(page).toHaveURL(new RegExp(`${journey.listPath}$`));

      await find(page, rowText);
      await expect(rowOf(page, rowText)).toHaveCount(1);
      await rowOf(page, rowText).getByRole('button', { name: 'Edit' }).click();
      await expect(page).toHaveURL(new RegExp(`${journey.listPath}/edit/\\d+$`));
      await expectFormShown(page);
      const editedText = await journey.edit(page, run);
      await submitAndExpectSaved(page, journey.apiPath, 'PUT', MESSAGES.recordUpdated);
      // Back on the list with the same search (or filters).
      await expect(page).toHaveURL(new RegExp(`${journey.listPath}\\?${journey.find ? '' : 'search='}`));
      await find(page, editedText);
      await expect(rowOf(page, editedText)).toHaveCount(1);
    });

    test('searches, sorts on the server, switches status and deletes, each confirmed first', async ({ page, request }) => {
      await signInApi(request);
      const { searchTerm, records } = await journey.listData(uniqueName('l'), request);
      for (const record of records) {
        const response = await request.post(journey.apiPath, { data: record.body });
        expect(response.status(), await response.text()).toBe(201);
      }
      await page.reload();
      await find(page, searchTerm);
      const shownOrder = async () => (await tableRows(page)).map((text) => records.findIndex((r) => text.includes(r.rowText)));
      await expect.poll(shownOrder).toHaveLength(2);

      for (const sort of journey.sorts) {
        await page.getByRole('columnheader', { name: sort.column }).click();
        await expect(page).toHaveURL(sort.url);
        await expect.poll(shownOrder).toEqual(sort.order);
      }

      const [first, second] = records;
      if (journey.hasStatus) {
        await rowOf(page, first.rowText).getByRole('switch').click();
        await expect(page.getByRole('dialog')).toContainText(MESSAGES.statusConfirmText(false));
        await confirmDialog(page, MESSAGES.statusConfirmTitle, 'Yes');
        await expect(page.getByText(MESSAGES.recordUpdated)).toBeVisible();
        await expect(rowOf(page, first.rowText).getByRole('switch')).toHaveAttribute('aria-checked', 'false');
      }

      await rowOf(page, second.rowText).getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByRole('dialog')).toContainText(MESSAGES.deleteConfirmText);
      await confirmDialog(page, MESSAGES.deleteConfirmTitle, 'Delete');
      await expect(page.getByText(MESSAGES.recordDeleted)).toBeVisible();
      await expect(rowOf(page, second.rowText)).toHaveCount(0);
      await expect(rowOf(page, first.rowText)).toHaveCount(1);
    });
  });
}
