// The admin area against the real backend: an admin drafts a section and publishes it with
// 'Publish All', a learner then sees it; a render crash is reported and listed on the dashboard.
import { expect, saveScreenshot, signInAs, test } from './fixtures';

test.describe('admin', () => {
  test('an admin drafts a section, publishes it, and a learner then sees it', async ({ page, browser }) => {
    const title = `Reading charm into the close ${Date.now().toString(36)}`;
    await signInAs(page, 'admin', '/admin/academy');
    await expect(page.getByRole('link', { name: 'Back to Volland' })).toBeVisible();
    await expect(page.getByTestId('admin-last-updated')).toContainText('Last Updated:');
    await page.getByRole('link', { name: 'New section' }).click();
    await page.getByLabel('Title').fill(title);
    await page.getByRole('button', { name: 'Create section' }).click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(title) })).toContainText('DRAFT');
    await page.getByRole('link', { name: 'New lesson' }).click();
    await page.getByLabel('Title').fill('Charm in the last hour');
    await page.locator('textarea[name="content"]').fill('Out-of-the-money options lose delta as the close nears.');
    await page.getByRole('button', { name: 'Create lesson' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Charm in the last hour' })).toBeVisible();

    // A learner does not see the draft.
    const learnerContext = await browser.newContext();
    const learner = await learnerContext.newPage();
    await signInAs(learner, 'student', '/academy');
    await expect(learner.getByTestId('academy-section').first()).toBeVisible();
    await expect(learner.getByText(title)).toHaveCount(0);

    const publishAll = page.getByRole('button', { name: 'Publish All' });
    await expect(publishAll).toBeEnabled();
    await publishAll.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(title);
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Successfully published changes')).toBeVisible();
    await expect(page.getByText('Your changes has been published')).toBeVisible();
    await expect(publishAll).toBeDisabled();
    await saveScreenshot(page, 'admin-academy-published');

    await learner.reload();
    await expect(learner.getByRole('link', { name: new RegExp(title) })).toBeVisible();
    await learnerContext.close();
  });

  test('a render crash is reported and appears in the admin list', async ({ page, browser }) => {
    // A malformed answer makes the academy home throw while rendering: the crash screen shows and the
    // report goes to the backend.
    await signInAs(page, 'student', '/app/user-settings');
    await page.route('**/api/v1/users/lms/sections', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"unexpected": true}' }));
    const reported = page.waitForRequest((r) => r.url().endsWith('/api/v1/client-errors') && r.method() === 'POST');
    await page.goto('/academy');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByText('Sorry! Bug report has been sent')).toBeVisible();
    const request = await reported;
    const body = JSON.parse(request.postData() ?? '{}');
    expect(body.kind).toBe('crash');
    expect(body.route).toBe('/academy');
    expect(body.fingerprint).toMatch(/^[0-9a-f]{8}$/);

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAs(admin, 'admin', '/admin');
    const list = admin.getByTestId('client-errors');
    await expect(list).toContainText('/academy');
    await expect(list.getByRole('row').filter({ hasText: '/academy' }).first()).toContainText('crash');
    await saveScreenshot(admin, 'admin-dashboard');
    await adminContext.close();
  });

  test('a non-admin is sent to the workspace hub, and the newsletter list opens for an admin', async ({ page }) => {
    await signInAs(page, 'student', '/admin/newsletter-emails');
    await expect(page).toHaveURL(/\/app/);
    await signInAs(page, 'admin', '/admin/newsletter-emails');
    await expect(page.getByRole('heading', { level: 1, name: 'Newsletter e-mails' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  });
});
