export { BotActions, runnerUrlOf } from './BotActions';
export { BotsTable, type BotRow } from './BotsTable';
export { AlwaysOnBadge, BotStatusBadge } from './BotStatusBadge';
export { ConfirmBotDialog } from './ConfirmBotDialog';
export { formatCpu, formatMemory, formatUptime, restartsLabel, statusLook, uptimeOf } from './bot-format';
export { useBotControls } from './use-bot-controls';
