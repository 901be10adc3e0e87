// The engine's named channels as a Python method, written only when a rule posts in one (its
// `channel`, "post in #hall-of-fame"): the platforms that find channels by name (the adapter's
// channel_named: Discord, Slack) post there; the others, and a name not found, use the configured one.
// The same as the JavaScript core's channelFor (../engine-cases checks both).
import { code } from '../compose';

export const PY_CHANNEL_FOR = code`
    async def channel_for(self, rule):
        """The chat of the channel for a rule: its named channel (rule["channel"]) where the platform finds
        channels by name, else the configured one. A name the platform does not know is logged, and the
        configured channel is used: the post still goes somewhere the owner chose."""
        name = rule.get("channel")
        named = getattr(self.adapter, "channel_named", None)
        if name and named:
            found = await named(name)
            if found:
                return found
            logger.warning("Channel #%s not found: posting to the configured channel", name)
        return await self.adapter.channel()`;

/** do_post with named channels: a schedule's chat already is its channel (found once, logged once). */
export const PY_POST_NAMED = code`
    async def do_post(self, action, event, values, rule, index):
        """To the owner, or to the channel: the rule's named channel when it has one (a schedule's chat already is it)."""
        to = action.get("to") or "channel"
        chat = event["chat"] if to == "channel" and event["type"] == "schedule" else await self.target(to, rule)
        await self.say(chat, fill(action["text"], values))`;
