// The builder's chat follows the newest reply, in real Chromium with the builtin assistant: a first
// request, then a follow-up; after each the newest reply's start is in view, not some older reply's
// code, at desktop and phone sizes. A person who scrolls up to read is left there.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../server/testing/fixtures';
import { browserAvailable, startWorld, type World } from './harness';
import { loginThroughUi, openPage, snap, toastMark, uniqueEmail, waitForToast, type TestPage } from './helpers';

const REQUEST = 'Make a Telegram bot in Python that answers /start and echoes messages';
const FOLLOW_UP = "also add a /price command that replies 'Bread is 3 euros'";

/** Where the newest reply's top and bottom stand in the conversation's view (0 = the view's top edge). */
async function newestReply(page: Page): Promise<{ top: number; bottom: number; viewHeight: number; scrollTop: number; maxScrollTop: number }> {
  return page.getByRole('log', { name: 'Conversation' }).evaluate((log) => {
    const viewport = log.closest('.mantine-ScrollArea-viewport') as HTMLElement;
    const view = viewport.getBoundingClientRect();
    const reply = [...log.querySelectorAll<HTMLElement>('[data-role="assistant"]')].at(-1)!.getBoundingClientRect();
    return {
      top: reply.top - view.top,
      bottom: reply.bottom - view.top,
      viewHeight: view.height,
      scrollTop: viewport.scrollTop,
      maxScrollTop: viewport.scrollHeight - viewport.clientHeight,
    };
  });
}

describe.skipIf(!browserAvailable())('the builder chat follows the newest reply', () => {
  let world: World;
  let user: SignedUpUser;

  beforeAll(async () => {
    world = await startWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  async function ask(tp: TestPage, text: string, toast: string): Promise<void> {
    const chat = tp.page.getByRole('region', { name: 'Chat' });
    const log = chat.getByRole('log', { name: 'Conversation' });
    const asked = (await log.locator('[data-role="user"]').count()) + 1;
    const since = await toastMark(tp.page);
    await chat.getByRole('textbox', { name: 'Message' }).fill(text);
    await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
    await waitForToast(tp.page, toast, { since });
    await chat.getByRole('status', { name: 'Assistant is typing' }).waitFor({ state: 'detached' });
    // The stored turns have replaced the streamed ones: a reply for each message.
    await expect.poll(() => log.locator('[data-role="assistant"]').count()).toBe(asked);
    await expect.poll(() => log.locator('[data-role="user"]').count()).toBe(asked);
  }

  /** The newest reply's start is in the upper half of the view, and stays there once the page settles. */
  async function expectNewestInView(page: Page): Promise<void> {
    await expect
      .poll(async () => {
        const r = await newestReply(page);
        return r.top >= -2 && r.top < r.viewHeight / 2 ? 'in view' : JSON.stringify(r);
      })
      .toBe('in view');
    await page.waitForTimeout(600);
    const settled = await newestReply(page);
    expect(settled.top, JSON.stringify(settled)).toBeGreaterThanOrEqual(-2);
    expect(settled.top, JSON.stringify(settled)).toBeLessThan(settled.viewHeight / 2);
  }

  for (const [size, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`${size}: after the first reply and after a follow-up, the newest reply is in view`, async () => {
      user = await signUp(world.app, world.smtp, { name: `Ada Scroll ${size}`, email: uniqueEmail(`scroll-${size}`) });
      const tp = await openPage(world, { viewport });
      const { page, errors } = tp;
      await loginThroughUi(page, world, user);
      await page.goto(`${world.url}/builder`);

      await ask(tp, REQUEST, 'File created successfully');
      await expectNewestInView(page);
      await snap(page, errors, `builder-chat-scroll-${size}-1-first`, { viewport: true });

      await ask(tp, FOLLOW_UP, 'Change ready to review');
      await expectNewestInView(page);
      const reply = page.getByRole('log', { name: 'Conversation' }).locator('[data-role="assistant"]').last();
      await reply.getByText(/I changed/).waitFor();
      // A phone shows the editor under the chat once a change is offered: back up to the chat for the picture.
      await page.getByRole('region', { name: 'Chat' }).scrollIntoViewIfNeeded();
      await snap(page, errors, `builder-chat-scroll-${size}-2-follow-up`, { viewport: true });

      // Scrolled up to read, the person is left there, even as the page changes size around them.
      const view = (await page.getByRole('region', { name: 'Chat' }).locator('.mantine-ScrollArea-viewport').boundingBox())!;
      await page.mouse.move(view.x + view.width / 2, view.y + view.height / 2);
      await page.mouse.wheel(0, -400);
      await expect.poll(async () => (await newestReply(page)).top).toBeGreaterThan(300);
      await page.setViewportSize({ width: viewport.width, height: viewport.height - 100 });
      await page.waitForTimeout(600);
      expect((await newestReply(page)).top).toBeGreaterThan(300);
      await tp.context.close();
    });
  }
});
