// The settings a rendered bot reads from its environment, listed beside the code so the run
// dialog can ask for them (tokens are never written into the file).
import { usesModel, type PlanUses } from './plan-uses';

export interface EnvVar {
  name: string;
  required: boolean;
  description: string;
}

/** Whether a rule posts to the channel (a schedule, or post to the channel). */
export function postsToChannel(uses: PlanUses): boolean {
  return uses.triggers.has('schedule') || uses.rules.some((r) => r.do.some((a) => a.kind === 'post' && a.to === 'channel'));
}

/** Whether a rule sends to the owner's chat (ask's answers, forward, post to the owner). */
export function sendsToOwner(uses: PlanUses): boolean {
  return uses.actions.has('ask') || uses.actions.has('forward') || uses.rules.some((r) => r.do.some((a) => a.kind === 'post' && a.to === 'owner'));
}

/** The settings every platform's bot reads for what the rules use (the platform adds its own). */
export function ruleEnv(uses: PlanUses): EnvVar[] {
  return [
    ...(sendsToOwner(uses) ? [{ name: 'OWNER_CHAT_ID', required: false, description: "your own chat with the bot, where answers and forwarded messages go" }] : []),
    ...(usesModel(uses)
      ? [
          { name: 'OPENAI_API_KEY', required: true, description: 'your OpenAI API key (for Ollama or vLLM any non-empty text)' },
          { name: 'OPENAI_BASE_URL', required: false, description: 'an OpenAI-compatible server, e.g. http://localhost:11434/v1 for Ollama' },
          { name: 'OPENAI_MODEL', required: false, description: 'the model to use (default gpt-4o-mini)' },
        ]
      : []),
    { name: 'DATA_FILE', required: false, description: 'the JSON file where the bot keeps what it remembers (lists, counts, warnings); default: bot_data.json next to the bot' },
  ];
}
