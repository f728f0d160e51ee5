package dev.agentfsm.testing.shop;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Next;
import dev.agentfsm.runtime.llm.AgentReply;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.ReplyGuard;
import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.time.Duration;
import java.util.List;

/**
 * Two machines that hand off to each other, for the coverage paths' tests: a Clerk takes an order (the
 * model decides, the user confirms expensive ones, a failure goes to onError) and hands packing to a
 * Packer, which hands back when the parcel is shipped; a name the model gives that no Packer state has
 * goes to the Packer's fallback.
 */
public final class Shop {
    private Shop() {}

    /** The clerk; its packer shares the model. */
    public static final class Clerk extends BaseAgent {
        final ReplyGuard guard;
        final UserChannel user;
        public final Packer packer;
        boolean approved;

        public Clerk(LlmClient llm, UserChannel user) {
            this(llm, user, 0);
        }

        /** A clerk whose reply guard re-asks the model up to {@code reasks} times. */
        public Clerk(LlmClient llm, UserChannel user, int reasks) {
            super("Clerk");
            this.guard = ReplyGuard.of(llm, "/status", reasks);
            this.user = user;
            this.packer = new Packer(llm, this);
        }
    }

    /** The packer, working for a clerk. */
    public static final class Packer extends BaseAgent {
        final ReplyGuard guard;
        final Clerk clerk;

        Packer(LlmClient llm, Clerk clerk) {
            super("Packer");
            this.guard = ReplyGuard.of(llm, "/status", 0);
            this.clerk = clerk;
        }
    }

    @StateMachine(name = "Clerk", initial = Take.class, onError = Failed.class, description = "Takes orders")
    public abstract static class ClerkState implements AgentState<Clerk> {}

    @State(value = "TAKE", description = "Ask the model what the customer wants")
    @Transition(to = Take.class, by = Trigger.LLM, when = "the order is unclear")
    @Transition(to = Confirm.class, by = Trigger.LLM, when = "the order is expensive")
    @Transition(to = Delegate.class, by = Trigger.LLM, when = "the order is clear")
    @Transition(to = Done.class, by = Trigger.LLM, when = "nothing was ordered")
    @Transition(to = Failed.class, by = Trigger.SYSTEM)
    public static final class Take extends ClerkState {
        @Override
        public void handle(Clerk agent, Context context) throws Exception {
            AgentReply reply =
                    agent.guard.ask(ClerkStatus.TAKE, List.of(ChatMessage.user("What does the customer want?")));
            agent.setStatus(reply.status());
        }
    }

    @State(value = "CONFIRM", description = "Ask the user to approve the order")
    @Transition(to = Take.class, by = Trigger.USER, when = "approved")
    @Transition(to = Cancelled.class, by = Trigger.USER, when = "rejected")
    public static final class Confirm extends ClerkState {
        @Override
        public void handle(Clerk agent, Context context) {
            agent.approved = agent.user.confirm("the order", Duration.ofSeconds(1)) == Decision.APPROVED;
        }

        public Next next(Clerk agent, ClerkMoves.Confirm to) {
            return agent.approved ? to.toTake() : to.toCancelled();
        }
    }

    @State(value = "DELEGATE", description = "Hand the order to the packer")
    @Transition(to = Pack.class, by = Trigger.SYSTEM)
    public static final class Delegate extends ClerkState {
        public Next next(Clerk agent, ClerkMoves.Delegate to) {
            return to.toPackerPack(agent.packer);
        }
    }

    @State(value = "DONE", description = "The order is over")
    @Terminal(endsRound = true)
    public static final class Done extends ClerkState {}

    @State(value = "CANCELLED", description = "The user rejected the order")
    @Terminal(endsRound = false)
    @Transition(to = Done.class, by = Trigger.SYSTEM)
    public static final class Cancelled extends ClerkState {}

    @State(value = "FAILED", description = "A step threw")
    @Terminal(endsRound = false)
    @Transition(to = Done.class, by = Trigger.SYSTEM, when = "clean-up")
    public static final class Failed extends ClerkState {}

    @StateMachine(name = "Packer", initial = Pack.class, fallback = Repack.class, description = "Packs orders")
    public abstract static class PackerState implements AgentState<Packer> {}

    @State(value = "PACK", description = "Pack the next item")
    @Transition(to = Pack.class, by = Trigger.LLM, when = "more items to pack")
    @Transition(to = Shipped.class, by = Trigger.LLM, when = "everything is packed")
    public static final class Pack extends PackerState {
        @Override
        public void handle(Packer agent, Context context) throws Exception {
            AgentReply reply = agent.guard.ask(PackerStatus.PACK, List.of(ChatMessage.user("What next?")));
            agent.setStatus(reply.status());
            // UFO-style: the model may name a state to go to after this one; a name no state has is UFO's
            // "status with no state", which the runtime takes to the fallback
            String after = reply.json().path("after").asText("");
            if (!after.isEmpty()) {
                agent.setStatus(PackerStateManager.instance().table().require(after));
            }
        }
    }

    @State(value = "REPACK", description = "Start the parcel again")
    @Transition(to = Pack.class, by = Trigger.SYSTEM, when = "retry")
    public static final class Repack extends PackerState {}

    @State(value = "SHIPPED", description = "The parcel left")
    @Terminal(endsRound = false)
    @Transition(to = Done.class, by = Trigger.SYSTEM)
    public static final class Shipped extends PackerState {
        public Next next(Packer agent, PackerMoves.Shipped to) {
            return to.toClerkDone(agent.clerk);
        }
    }
}
