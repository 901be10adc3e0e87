export { ASK_OPERATOR, AskOperatorNote, OperatorContact, useAskForCredits, useOperatorContact } from './OperatorCredits';
