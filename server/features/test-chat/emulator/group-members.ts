// The simulated members of the test group besides the tester (its creator) and the bot (an
// administrator): who is in, who left, who is muted until when, who is banned. Restrictions and
// bans with an until_date end by themselves; 0 means for ever, as do dates under 30 seconds or
// over 366 days away (Telegram's rule).
import type { TestChatMember } from '../../../../shared/test-chat.schema';
import type { TgUser } from './telegram-types';

export type MemberStatus = 'member' | 'restricted' | 'left' | 'kicked';

export type GroupMember = {
  user: TgUser;
  status: MemberStatus;
  /** Unix seconds; 0 = for ever. */
  untilDate: number;
  /** While restricted: the ChatPermissions the bot gave. */
  permissions?: Record<string, boolean>;
};

export const PERMISSION_FIELDS = [
  'can_send_messages',
  'can_send_audios',
  'can_send_documents',
  'can_send_photos',
  'can_send_videos',
  'can_send_video_notes',
  'can_send_voice_notes',
  'can_send_polls',
  'can_send_other_messages',
  'can_add_web_page_previews',
  'can_change_info',
  'can_invite_users',
  'can_pin_messages',
  'can_manage_topics',
] as const;

const DAY = 24 * 60 * 60;

/** Telegram's reading of until_date: for ever when 0, in the past, under 30 s or over 366 days away. */
export function untilDate(value: number | undefined, now: number): number {
  if (!value || value < now + 30 || value > now + 366 * DAY) return 0;
  return value;
}

export class GroupMembers {
  private readonly members = new Map<number, GroupMember>();

  constructor(
    defaults: TgUser[],
    private nextId: number,
    private readonly nowSeconds: () => number,
  ) {
    for (const user of defaults) this.members.set(user.id, { user, status: 'member', untilDate: 0 });
  }

  get(id: number): GroupMember | undefined {
    const member = this.members.get(id);
    return member && this.settle(member);
  }

  /** By username when given, else by first name (both case-insensitive). */
  find(who: TestChatMember): GroupMember | undefined {
    const username = who.username?.toLowerCase();
    const firstName = who.firstName.trim().toLowerCase();
    for (const member of this.members.values()) {
      const matches = username ? member.user.username?.toLowerCase() === username : member.user.first_name.toLowerCase() === firstName;
      if (matches) return this.settle(member);
    }
    return undefined;
  }

  /** Present in the group: a member, or restricted but still in. */
  present(): GroupMember[] {
    return [...this.members.values()].map((m) => this.settle(m)).filter((m) => m.status === 'member' || m.status === 'restricted');
  }

  /** A new person (a fresh id), or one who left coming back under their old id. */
  join(who: TestChatMember, existing: GroupMember | undefined): GroupMember {
    if (existing) {
      existing.status = 'member';
      existing.untilDate = 0;
      delete existing.permissions;
      return existing;
    }
    const user: TgUser = { id: this.nextId++, is_bot: false, first_name: who.firstName.trim(), language_code: 'en' };
    if (who.username) user.username = who.username;
    const member: GroupMember = { user, status: 'member', untilDate: 0 };
    this.members.set(user.id, member);
    return member;
  }

  setStatus(member: GroupMember, status: MemberStatus, until = 0, permissions?: Record<string, boolean>): void {
    member.status = status;
    member.untilDate = until;
    if (permissions) member.permissions = permissions;
    else delete member.permissions;
  }

  /** A restriction or ban whose until_date passed is over. */
  private settle(member: GroupMember): GroupMember {
    if (member.untilDate && member.untilDate <= this.nowSeconds()) {
      if (member.status === 'restricted') this.setStatus(member, 'member');
      else if (member.status === 'kicked') this.setStatus(member, 'left');
    }
    return member;
  }
}
