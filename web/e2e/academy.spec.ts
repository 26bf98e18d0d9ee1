// The academy against the real backend with the seeded course: a learner reads the first lesson,
// answers its quiz one question at a time (checked by the server) and sees the points in the results
// and in the profile menu.
import { apiLogin, auth, expect, saveScreenshot, signInAs, test } from './fixtures';

test.describe('academy', () => {
  test('a learner completes a lesson and its quiz and sees the points', async ({ page }) => {
    // The correct answers are read with an admin token, the way an author sees them; the learner's
    // own calls never carry them before answering.
    const admin = await apiLogin(page.request, 'admin@e2e.volland.test');
    await signInAs(page, 'learner', '/academy');
    const main = page.getByRole('main');
    const firstSection = main.getByTestId('academy-section').first();
    await expect(firstSection).toContainText('Dealer positioning basics');
    await expect(firstSection.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    await saveScreenshot(page, 'academy-home');
    await firstSection.getByRole('link').first().click();

    await expect(page).toHaveURL(/\/academy\/section\/\d+$/);
    await main.getByTestId('academy-lesson').first().getByRole('link').click();
    await expect(page).toHaveURL(/\/academy\/section\/\d+\/\d+$/);
    const lessonId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(main.getByRole('heading', { level: 1, name: 'Who takes the other side' })).toBeVisible();
    await main.getByRole('link', { name: /Take the quiz/ }).click();
    await expect(page).toHaveURL(/\/quiz$/);

    const questions = await (await page.request.get(`/api/v1/admin/lms/questions?lessonId=${lessonId}`, { headers: auth(admin) })).json();
    let expected = 0;
    for (const [index, q] of questions.entries()) {
      await expect(page.getByTestId('quiz-position')).toHaveText(`Question ${index + 1} of ${questions.length}`);
      await expect(main.getByRole('heading', { name: q.text })).toBeVisible();
      const right = q.answers.find((a: { isCorrect: boolean }) => a.isCorrect);
      await main.getByLabel(right.text, { exact: true }).check();
      await main.getByRole('button', { name: 'Check answer' }).click();
      expected += q.points;
      await expect(page.getByTestId('quiz-feedback')).toContainText('Correct!');
      await expect(page.getByTestId('academy-points')).toHaveText(`${expected} ${expected === 1 ? 'point' : 'points'}`);
      await main.getByRole('button', { name: index === questions.length - 1 ? 'See results' : 'Next question' }).click();
    }

    await expect(page).toHaveURL(/\/results$/);
    await expect(page.getByTestId('lesson-score')).toHaveText(`${expected} / ${expected} points · ${questions.length} of ${questions.length} correct`);
    await saveScreenshot(page, 'academy-lesson-results');

    // The section's progress moved, and the profile menu shows the points.
    await page.goto('/academy');
    const progress = main.getByTestId('academy-section').first().getByRole('progressbar');
    await expect(progress).not.toHaveAttribute('aria-valuenow', '0');
    await page.goto('/app/user-settings');
    await page.getByRole('button', { name: /Leo/ }).click();
    const academyItem = page.getByRole('menu', { name: 'Profile' }).getByRole('menuitem', { name: /Academy/ });
    await expect(academyItem).toContainText(`${expected} points`);
  });

  test('a visitor is asked to log in, and deeper academy pages lead to sign-in', async ({ page }) => {
    await page.goto('/academy');
    await expect(page.getByRole('main').getByRole('link', { name: 'Log in to start learning' })).toBeVisible();
    await page.goto('/academy/section/1');
    await expect(page).toHaveURL(/\/sign-in\?redirectUri=%2Facademy%2Fsection%2F1$/);
  });
});
