// Navigation in real Chromium: protected routes and the 404 page signed out, every signed-in page
// reached through the app's own links (each screenshotted, none logging an error or a CSP
// violation), the app frame painted before the profile arrives, and the documentation search of
// the top bar.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../server/testing/fixtures';
import { browserAvailable, startWorld, watchForErrors, type World } from './harness';
import { docsSearchBox, hold, loginThroughUi, openPage, pathIs, snap, toastMark, uniqueEmail, waitForActiveTab, waitForToast } from './helpers';

describe.skipIf(!browserAvailable())('navigation in the browser', () => {
  let world: World;
  let user: SignedUpUser;

  beforeAll(async () => {
    world = await startWorld();
    user = await signUp(world.app, world.smtp, { name: 'Margaret Hamilton', email: uniqueEmail('nav') });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('signed out, the protected pages go to /login and the landing cards point there too', async () => {
    const { context, page, errors } = await openPage(world);
    for (const path of ['/builder', '/runner', '/publish', '/profile', '/usage']) {
      await page.goto(`${world.url}${path}`);
      // /login?next=<the page>: signing in goes back there.
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === path);
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
    }
    await page.goto(`${world.url}/`);
    for (const card of ['Build Bot/Agent', 'Run Your Bot/Agent', 'Publish on the platform']) {
      expect(await page.getByRole('link', { name: card }).getAttribute('href')).toBe('/login');
    }
    await page.getByRole('link', { name: 'Build Bot/Agent' }).click();
    await page.waitForURL(pathIs('/login'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an unknown path shows 'Page Not Found' with a way home", async () => {
    const { context, page, errors } = await openPage(world);
    await page.goto(`${world.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await snap(page, errors, 'not-found');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(pathIs('/'));
    await page.getByRole('button', { name: 'Sign Up' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the dependency guide is open to everyone', async () => {
    const { context, page, errors } = await openPage(world);
    await page.goto(`${world.url}/dependencies`);
    await page.getByRole('heading', { name: 'Dependencies Guide' }).waitFor();
    for (const tab of ['Python', 'Node.js', 'General Setup']) await page.getByRole('tab', { name: tab }).waitFor();
    await page.getByText('python-telegram-bot').first().waitFor();
    await snap(page, errors, 'dependencies-signed-out');
    await context.close();
  });

  it('signed in, every page is reached through the top bar and sidebar and renders without errors', async () => {
    const { context, page, errors } = await openPage(world);
    await loginThroughUi(page, world, user);
    for (const card of ['Build Bot/Agent', 'Run Your Bot/Agent', 'Publish on the platform']) {
      expect(await page.getByRole('link', { name: card }).getAttribute('href')).not.toBe('/login');
    }

    await page.getByRole('link', { name: 'Build Bot/Agent' }).click();
    await page.waitForURL(pathIs('/builder'));
    await waitForActiveTab(page, 'Builder');
    // The top bar: initials avatar, credits, the three tabs.
    const header = page.locator('header');
    expect((await header.getByRole('button', { name: 'Account menu' }).textContent())?.trim()).toBe('MH');
    await header.getByText('100 credits').waitFor();
    await page.getByText('No files yet. Create your first bot to get started!').waitFor();
    await page.getByText('v1.0').waitFor();
    await snap(page, errors, 'builder');

    const workspace = page.getByRole('navigation', { name: 'Workspace' }).first();
    await workspace.getByRole('link', { name: 'Run' }).click();
    await page.waitForURL(pathIs('/runner'));
    await waitForActiveTab(page, 'Run');
    await snap(page, errors, 'runner');

    await workspace.getByRole('link', { name: 'Publish' }).click();
    await page.waitForURL(pathIs('/publish'));
    await waitForActiveTab(page, 'Publish');
    await snap(page, errors, 'publish');

    // A 'Soon' item only says so.
    const since = await toastMark(page);
    await page.locator('nav.mantine-AppShell-navbar').getByRole('button', { name: /Marketplace/ }).click();
    await waitForToast(page, 'Coming soon', { since, message: 'Marketplace is coming soon' });
    expect(new URL(page.url()).pathname).toBe('/publish');

    const sidebar = page.locator('nav.mantine-AppShell-navbar');
    await sidebar.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL(pathIs('/profile'));
    await page.getByRole('heading', { name: user.name }).waitFor();
    await page.getByText('Account Information').first().waitFor();
    await page.getByText('Billing Information').first().waitFor();
    await snap(page, errors, 'profile-signed-in');

    await sidebar.getByRole('link', { name: 'Usage' }).click();
    await page.waitForURL(pathIs('/usage'));
    await page.getByRole('heading', { name: 'Usage & Credits' }).waitFor();
    expect(await page.getByTestId('credits-remaining').textContent()).toBe('100');
    await page.getByText('Recommended Monthly Usage').first().waitFor();
    await snap(page, errors, 'usage-signed-in');

    await page.goto(`${world.url}/dependencies`);
    await page.getByRole('heading', { name: 'Dependencies Guide' }).waitFor();
    await header.getByRole('button', { name: 'Account menu' }).waitFor();
    await snap(page, errors, 'dependencies-signed-in');

    // The logo of the top bar leads to the builder.
    await header.getByRole('link', { name: 'Botwright home' }).click();
    await page.waitForURL(pathIs('/builder'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a returning visitor sees the app frame at once; the page itself follows once the profile is here', async () => {
    const { context, page, errors } = await openPage(world);
    await context.addInitScript((token: string) => localStorage.setItem('auth_token', token), user.token);
    const release = await hold(page, '**/trpc/auth.me**');
    await page.goto(`${world.url}/builder`);
    const header = page.locator('header');
    const main = page.getByRole('main');
    // The frame paints while the profile is held: the logo, the tabs, and the sidebar's files (its
    // own request went beside the profile's); the page waits in the content area.
    await header.getByRole('link', { name: 'Botwright home' }).waitFor();
    await header.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Builder' }).waitFor();
    await page.getByText('No files yet. Create your first bot to get started!').waitFor();
    await main.getByLabel('Loading your account').waitFor();
    expect(await main.getByRole('region', { name: 'Chat' }).count()).toBe(0);
    expect(await header.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
    await snap(page, errors, 'builder-profile-loading');

    await release();
    expect((await header.getByRole('button', { name: 'Account menu' }).textContent())?.trim()).toBe('MH');
    await header.getByText('100 credits').waitFor();
    await main.getByRole('region', { name: 'Chat' }).waitFor();
    expect(await main.getByLabel('Loading your account').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the documentation search ranks, opens the docs in a new tab, and says when nothing matches', async () => {
    const { context, page, errors } = await openPage(world);
    await loginThroughUi(page, world, user);
    await page.getByRole('link', { name: 'Open Builder' }).click();
    await page.waitForURL(pathIs('/builder'));

    const search = await docsSearchBox(page);
    await search.click();
    await search.fill('getting started');
    const results = page.getByLabel('Documentation results');
    await results.waitFor();
    const countLine = (await results.locator('p').first().textContent())?.trim();
    const links = results.getByRole('link');
    const count = await links.count();
    expect(count).toBeGreaterThanOrEqual(1);
    expect(count).toBeLessThanOrEqual(5);
    expect(countLine).toBe(`${count} result${count === 1 ? '' : 's'}`);
    expect(await links.first().locator('p').first().textContent()).toBe('Getting Started');
    await snap(page, errors, 'docs-search-results');

    // A broader query ranks several entries by score, not by their order in the index: 'bot' scores
    // Your Bots 19 (title +10, description +5, two keywords +2), The Bot Plan 17, Deploying Bots 15,
    // Overview 9, Getting Started 7; Our Mission, Test Chat and Webhooks (5 each) come past the five shown.
    await search.fill('bot');
    await results.getByText('5 results').waitFor();
    const titles = await results.getByRole('link').evaluateAll((as) => as.map((a) => a.querySelector('p')?.textContent));
    expect(titles).toEqual(['Your Bots (/bots)', 'The Bot Plan', 'Deploying Bots', 'Overview', 'Getting Started']);

    await search.fill('getting started');
    await results.getByRole('link').first().getByText('Getting Started').waitFor();
    const [docs] = await Promise.all([context.waitForEvent('page'), results.getByRole('link').first().click()]);
    const docsErrors = watchForErrors(docs);
    await docs.waitForLoadState('load');
    expect(new URL(docs.url()).pathname + new URL(docs.url()).hash).toBe('/docs.html#getting-started');
    await docs.getByRole('heading', { name: 'Getting Started' }).waitFor();
    // The page (smooth-)scrolls its Getting Started section to the top, below the sticky bar.
    await docs.waitForFunction(() => {
      const top = document.getElementById('getting-started')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top <= 100 && Math.abs(top - parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop)) < 2;
    });
    await snap(docs, docsErrors, 'docs-page', { viewport: true });
    await docs.close();

    await page.bringToFront();
    await search.fill('zzqxv flurble');
    await page.getByText('No documentation found').waitFor();
    expect(await page.getByLabel('Documentation results').count()).toBe(0);
    await snap(page, errors, 'docs-search-empty');
    // A suggestion runs its query.
    await page.getByRole('button', { name: 'getting started' }).click();
    await page.getByLabel('Documentation results').getByText('Getting Started').waitFor();
    expect(await search.inputValue()).toBe('getting started');
    expect(errors).toEqual([]);
    await context.close();
  });
});
