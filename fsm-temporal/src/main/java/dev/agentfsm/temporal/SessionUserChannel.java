package dev.agentfsm.temporal;

import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Answer;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The user channel a worker gives a session's agents. A state's work asks it as it would ask any
 * channel; the first question nobody has answered yet stops the work ({@link AwaitingUser}), and the
 * workflow waits for the reply, durably, with the state's time-out as a timer. Then the work runs
 * again from its start, and this channel plays the replies given so far, in order, before it stops
 * at the next question. So work before a question runs more than once: it must read and decide, not
 * act (ask first, act after, which is also what CONFIRM means).
 */
final class SessionUserChannel implements UserChannel {
    private final String session;
    private List<UserReply> replies = List.of();
    private int next;
    private Optional<Asked> awaiting = Optional.empty();

    SessionUserChannel(String session) {
        this.session = session;
    }

    /** Starts a run of a state's work with the replies given to its questions so far. */
    synchronized void begin(List<UserReply> replies) {
        this.replies = List.copyOf(replies);
        this.next = 0;
        this.awaiting = Optional.empty();
    }

    /** What the last run stopped at, if it asked something nobody has answered yet. */
    synchronized Optional<Asked> awaiting() {
        return awaiting;
    }

    @Override
    public synchronized Answer ask(String question, Duration timeout) {
        UserReply reply = take(new Asked(Asked.Kind.QUESTION, question, timeout));
        return reply.answer().<Answer>map(Answer.Given::new).orElseGet(() -> new Answer.TimedOut(reply.waited()));
    }

    @Override
    public synchronized Decision confirm(String action, Duration timeout) {
        return take(new Asked(Asked.Kind.CONFIRMATION, action, timeout))
                .decision()
                .orElse(Decision.TIMED_OUT);
    }

    private UserReply take(Asked asked) {
        if (next < replies.size()) {
            UserReply reply = replies.get(next++);
            if (reply.asked().kind() != asked.kind() || !reply.asked().prompt().equals(asked.prompt())) {
                throw new IllegalStateException("session " + session + ": run again after the user's reply, the state's"
                        + " work asked " + describe(asked) + " where it had asked " + describe(reply.asked())
                        + "; the work before a question runs again, so it must ask the same questions in the same"
                        + " order (read and decide before asking, act after)");
            }
            return reply;
        }
        awaiting = Optional.of(asked);
        throw new AwaitingUser(asked);
    }

    private static String describe(Asked asked) {
        return (asked.kind() == Asked.Kind.QUESTION ? "the question " : "to confirm ") + asked.quotedPrompt();
    }
}
