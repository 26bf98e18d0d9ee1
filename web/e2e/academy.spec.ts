// The academy home against the real backend: reached from the profile menu, and from a deeper
// academy link, it shows the academy page rather than not-found.
import { expect, saveScreenshot, signInAs, test } from './fixtures';

test.describe('academy', () => {
  test("the profile menu's Academy item and deeper academy links open the academy home", async ({ page }) => {
    await signInAs(page, 'live', '/app/user-settings');
    await page.getByRole('button', { name: /Lena/ }).click();
    const academyItem = page.getByRole('menu', { name: 'Profile' }).getByRole('menuitem', { name: /Academy/ });
    // The learner's points come from the backend (no lessons published yet: 0 points).
    await expect(academyItem).toContainText('0 points');
    await academyItem.click();

    await expect(page).toHaveURL(/\/academy$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Volland Academy' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'The page you are looking for can’t be found.' })).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Go to Workspaces' })).toHaveAttribute('href', '/app');
    await expect(main.getByRole('link', { name: 'Open Help and Guidance' })).toHaveAttribute('href', '/help');
    await expect(main.getByRole('link', { name: 'Explore Resources' })).toHaveAttribute('href', '/resources');
    await saveScreenshot(page, 'academy-home');

    // A section link from an e-mail keeps its address and shows the same page.
    await page.goto('/academy/section/3');
    await expect(page).toHaveURL(/\/academy\/section\/3$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Volland Academy' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'The page you are looking for can’t be found.' })).toHaveCount(0);
  });
});
