package dev.agentfsm.testing;

import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Answer;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What one path's round hears from its model and its user: LLM replies (or failures), answers to
 * questions and decisions on confirmations, each played in the order the round asks. The fixture gives
 * {@link #llm()} and {@link #user()} to the agents it builds; each state's script adds what the state's
 * step needs ({@link PathTests#on}). Asking for more than was scripted fails with a message saying so:
 * the LLM with an {@link LlmException}, the user with an {@link IllegalStateException}.
 */
public final class Script {
    /**
     * One scripted LLM call: a reply, or a failure when {@code reply} is empty, and what happens in the
     * world while the model thinks.
     */
    private record Call(Optional<String> reply, String failure, Runnable meanwhile) {}

    private static final Runnable NOTHING = () -> {};

    private final Deque<Call> calls = new ArrayDeque<>();
    /** Answers to questions; an empty one times out. */
    private final Deque<Optional<String>> answers = new ArrayDeque<>();

    /** Decisions on confirmations, each with what happens in the world as the user decides. */
    private final Deque<Decided> decisions = new ArrayDeque<>();

    private record Decided(Decision decision, Runnable meanwhile) {}

    private final List<LlmRequest> requests = new ArrayList<>();
    /**
     * Each time the round asked for more than was scripted: the work then fails, and a path into onError
     * would pass on that failure alone, so the path's test fails on it instead.
     */
    private final List<String> shortfalls = new ArrayList<>();

    private final LlmClient llm = this::complete;
    private final UserChannel user = new UserChannel() {
        @Override
        public Answer ask(String question, Duration timeout) {
            Optional<String> answer =
                    take(answers, "answer", "question", question, "script.answer(...) or script.noAnswer()");
            return answer.<Answer>map(Answer.Given::new).orElseGet(() -> new Answer.TimedOut(timeout));
        }

        @Override
        public Decision confirm(String action, Duration timeout) {
            Decided decided = take(decisions, "decision", "confirmation", action, "script.decide(...)");
            decided.meanwhile().run();
            return decided.decision();
        }
    };

    Script() {}

    /** The scripted model, for the agents the fixture builds. */
    public LlmClient llm() {
        return llm;
    }

    /** The scripted user, for the agents the fixture builds. */
    public UserChannel user() {
        return user;
    }

    /** The model's next reply: the text it sends, usually JSON holding the step's target status. */
    public synchronized Script reply(String text) {
        return reply(text, NOTHING);
    }

    /**
     * The model's next reply, and what happens in the world while the model thinks: {@code meanwhile}
     * runs when the request comes, before the reply goes back. A fault in the middle of a state's work
     * is scripted so, at the step it belongs to: a device unplugged, an application that crashes,
     * between the state's observation and its action.
     */
    public synchronized Script reply(String text, Runnable meanwhile) {
        calls.add(new Call(
                Optional.of(Objects.requireNonNull(text, "text")), "", Objects.requireNonNull(meanwhile, "meanwhile")));
        return this;
    }

    /** The model's next call fails with an {@link LlmException} carrying {@code reason}: the state's work throws. */
    public synchronized Script llmFails(String reason) {
        calls.add(new Call(Optional.empty(), Objects.requireNonNull(reason, "reason"), NOTHING));
        return this;
    }

    /** The user's answer to the next question. */
    public synchronized Script answer(String text) {
        answers.add(Optional.of(Objects.requireNonNull(text, "text")));
        return this;
    }

    /** The user leaves the next question unanswered: it times out after the time-out the agent asked with. */
    public synchronized Script noAnswer() {
        answers.add(Optional.empty());
        return this;
    }

    /** The user's decision on the next confirmation. */
    public synchronized Script decide(Decision decision) {
        return decide(decision, NOTHING);
    }

    /**
     * The user's decision on the next confirmation, and what happens in the world while the user decides:
     * {@code meanwhile} runs when the confirmation is asked, before the decision goes back (a device that
     * disappears before the approved action runs).
     */
    public synchronized Script decide(Decision decision, Runnable meanwhile) {
        decisions.add(new Decided(
                Objects.requireNonNull(decision, "decision"), Objects.requireNonNull(meanwhile, "meanwhile")));
        return this;
    }

    /** What the model was asked so far, oldest first: a test can check the prompts. */
    public synchronized List<LlmRequest> requests() {
        return List.copyOf(requests);
    }

    /** The LLM calls scripted and not asked for yet: a re-asked fault's inject must add one. */
    synchronized int llmCallsLeft() {
        return calls.size();
    }

    /**
     * The questions left unanswered ({@link #noAnswer()}) and confirmations left undecided
     * ({@code decide(TIMED_OUT)}) scripted and not played yet: a {@code NO_ANSWER} fault's inject must add one.
     */
    synchronized int silencesLeft() {
        long unanswered = answers.stream().filter(Optional::isEmpty).count();
        long undecided = decisions.stream()
                .filter(decided -> decided.decision() == Decision.TIMED_OUT)
                .count();
        return (int) (unanswered + undecided);
    }

    /** What the round asked for that the script did not hold, in order; empty when the script sufficed. */
    synchronized List<String> shortfalls() {
        return List.copyOf(shortfalls);
    }

    /** What was scripted and never asked for, such as {@code "1 LLM reply, 2 decisions"}; empty when nothing was left. */
    synchronized String leftovers() {
        List<String> left = new ArrayList<>();
        count(left, calls.size(), "LLM call");
        count(left, answers.size(), "answer");
        count(left, decisions.size(), "decision");
        return String.join(", ", left);
    }

    private synchronized LlmReply complete(LlmRequest request) throws LlmException {
        requests.add(Objects.requireNonNull(request, "request"));
        Call call = calls.poll();
        if (call == null) {
            String shortfall = "the path's script has no LLM reply left for request " + requests.size()
                    + "; script one with script.reply(...) in the script of the state that asks";
            shortfalls.add(shortfall);
            throw new LlmException(shortfall);
        }
        call.meanwhile().run();
        if (call.reply().isEmpty()) {
            throw new LlmException(call.failure());
        }
        return new LlmReply(call.reply().get());
    }

    private synchronized <T> T take(Deque<T> script, String item, String kind, String asking, String how) {
        T next = script.poll();
        if (next == null) {
            String shortfall = "the path's script has no " + item + " left for the " + kind + " \"" + asking
                    + "\"; script one with " + how + " in the script of the state that asks";
            shortfalls.add(shortfall);
            throw new IllegalStateException(shortfall);
        }
        return next;
    }

    private static void count(List<String> left, int n, String what) {
        if (n > 0) {
            left.add(n + " " + what + (n == 1 ? "" : "s"));
        }
    }
}
