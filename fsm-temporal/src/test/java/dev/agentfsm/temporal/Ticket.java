package dev.agentfsm.temporal;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Next;
import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Answer;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fixture machine that talks to its user: ASK asks a question (waiting up to an hour), CONFIRM asks
 * to approve shipping what was answered. An unanswered question takes ASK's TIMEOUT move to EXPIRED.
 */
public final class Ticket {
    static final String QUESTION = "Which size?";
    static final Duration QUESTION_WAIT = Duration.ofHours(1);

    private Ticket() {}

    /** The agent: what the user answered and decided, and how often each state's work ran. */
    public static final class TicketAgent extends BaseAgent {
        final UserChannel user;
        final AtomicInteger asks = new AtomicInteger();
        /** What ASK asks, and how long it waits for its answer. */
        String question = QUESTION;

        Duration questionWait = QUESTION_WAIT;

        String size = "";
        boolean approved;

        TicketAgent(UserChannel user) {
            super("Ticket");
            this.user = user;
        }
    }

    @StateMachine(name = "Ticket", initial = Ask.class, description = "Asks the user, then asks to confirm")
    public abstract static class TicketState implements AgentState<TicketAgent> {}

    @State(value = "ASK", description = "Ask the user which size")
    @Transition(to = Confirm.class, by = Trigger.USER, when = "answered")
    @Transition(to = Expired.class, by = Trigger.TIMEOUT, when = "nobody answered")
    public static final class Ask extends TicketState {
        @Override
        public void handle(TicketAgent agent, Context context) {
            agent.asks.incrementAndGet();
            Answer answer = agent.user.ask(agent.question, agent.questionWait);
            agent.size = answer instanceof Answer.Given given ? given.text() : "";
            if (!agent.size.isEmpty()) {
                context.put(Context.ROUND_RESULT, "size " + agent.size);
            }
        }

        public Next next(TicketAgent agent, TicketMoves.Ask to) {
            return agent.size.isEmpty() ? to.toExpired() : to.toConfirm();
        }
    }

    @State(value = "CONFIRM", description = "Ask the user to approve shipping")
    @Transition(to = Done.class, by = Trigger.USER, when = "approved")
    @Transition(to = Rejected.class, by = Trigger.USER, when = "rejected or not decided")
    public static final class Confirm extends TicketState {
        @Override
        public void handle(TicketAgent agent, Context context) {
            agent.approved = agent.user.confirm("ship size " + agent.size, Duration.ofMinutes(10)) == Decision.APPROVED;
        }

        public Next next(TicketAgent agent, TicketMoves.Confirm to) {
            return agent.approved ? to.toDone() : to.toRejected();
        }
    }

    @State("DONE")
    @Terminal(endsRound = true)
    public static final class Done extends TicketState {
        @Override
        public void handle(TicketAgent agent, Context context) {
            context.put(Context.ROUND_RESULT, "shipped size " + agent.size);
        }
    }

    @State("REJECTED")
    @Terminal(endsRound = true)
    public static final class Rejected extends TicketState {}

    @State("EXPIRED")
    @Terminal(endsRound = true)
    public static final class Expired extends TicketState {}
}
