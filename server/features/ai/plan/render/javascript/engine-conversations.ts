// The engine's conversations as JavaScript source: `ask` (questions, answers to the owner) and `quiz`
// (questions with right answers). A conversation belongs to one person in one chat and is kept in
// the state file, so it survives a restart; when it ends, the rule's later actions run.
import { code, lines, sections } from '../compose';
import type { PlanUses } from '../plan-uses';

const CORE = code`
// The conversation this person has going in this chat, if any.
function conversationOf(bot, event) {
  return bot.store.part('conversations')[event.chat + ' ' + event.user];
}

function endConversation(bot, event) {
  delete bot.store.part('conversations')[event.chat + ' ' + event.user];
  bot.store.save();
}

// Remembers where the rule waits for this person's answers (the action's index and the rule's vars).
function startConversation(run, index, progress) {
  const key = run.event.chat + ' ' + run.event.user;
  run.bot.store.part('conversations')[key] = { rule: run.rule.id, action: index, step: 0, command: run.command, vars: run.vars, ...progress };
  run.bot.store.save();
}

// An answer: the conversation's action takes it; once it is finished, the rule goes on after that action.
async function continueConversation(bot, talk, event) {
  const rule = bot.rules.find((r) => r.id === talk.rule);
  const action = rule && rule.do[talk.action];
  if (!action || !ANSWERS[action.kind]) return endConversation(bot, event); // RULES changed since it started
  const run = { bot, rule, event, command: talk.command, chat: event.chat, vars: talk.vars };
  const finished = await ANSWERS[action.kind](run, action, talk, event.text.trim());
  if (!finished) return bot.store.save();
  endConversation(bot, event);
  await runActions(run, talk.action + 1);
}`;

const ASK = code`
// ask: the first question now; the answers come as this person's next messages.
async function startAsk(run, a, index) {
  startConversation(run, index, { answers: [] });
  await say(run, a.questions[0]);
  return STOP;
}

// After the last answer: says done with {answers} ('question: answer' lines) and sends them to the owner
// (or posts them in the rule's channel).
async function answerAsk(run, a, talk, answer) {
  talk.answers.push(fill(a.questions[talk.step], run.vars) + ': ' + answer);
  talk.step += 1;
  if (talk.step < a.questions.length) {
    await say(run, a.questions[talk.step]);
    return false;
  }
  run.vars.answers = talk.answers.join('\n');
  await say(run, a.done);
  await sendTo(run, run.rule.channel ? 'channel' : 'owner', 'New answers from ' + run.event.name + ':\n' + run.vars.answers);
  return true;
}`;

const QUIZ = code`
// quiz: the first question now; each answer is checked, then the next question comes.
async function startQuiz(run, a, index) {
  startConversation(run, index, { right: 0 });
  await say(run, a.questions[0].question);
  return STOP;
}

// An answer equal to the right one (any case, spaces around ignored) says right (and counts one in the
// quiz's counter, when it has one), else wrong with {value} = the right answer; after the last question
// says done with {count} right answers of {total}.
async function answerQuiz(run, a, talk, answer) {
  const question = a.questions[talk.step];
  const right = answer.toLowerCase() === String(question.answer).trim().toLowerCase();
  if (right) talk.right += 1;
  if (right && a.counter) {
    // One more right answer for the sender, for the quiz's top.
    const counts = run.bot.store.part('counters', a.counter, run.event.chat);
    const entry = counts[run.event.user] || (counts[run.event.user] = { name: '', count: 0 });
    entry.name = run.event.name;
    entry.count += 1;
  }
  run.vars.value = question.answer;
  await say(run, right ? a.right : a.wrong);
  talk.step += 1;
  if (talk.step < a.questions.length) {
    await say(run, a.questions[talk.step].question);
    return false;
  }
  run.vars.count = String(talk.right);
  run.vars.total = String(a.questions.length);
  await say(run, a.done);
  return true;
}`;

export function conversations(uses: PlanUses): string | false {
  const ask = uses.actions.has('ask');
  const quiz = uses.actions.has('quiz');
  if (!ask && !quiz) return false;
  return sections(
    1,
    CORE,
    ask && ASK,
    quiz && QUIZ,
    lines('// What takes the answers of each kind of conversation.', 'const ANSWERS = {', ask && '  ask: answerAsk,', quiz && '  quiz: answerQuiz,', '};'),
  );
}
