package dev.agentfsm.runtime.llm;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.Status;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What the model reads about the statuses a state offers it: one card per status it may choose, with the
 * transition's {@code @Transition(when)} text and the target state's {@code @State(description)}, so the
 * words the machine's author wrote reach the model that chooses among the moves.
 *
 * <pre>
 * - CONTINUE: Run the agent's four-phase step
 * - ASSIGN (when an application was selected): Create or reuse the AppAgent and hand off
 * - FINISH
 * </pre>
 */
final class StateCards {
    private final List<Move> offered;

    private StateCards(List<Move> offered) {
        this.offered = offered;
    }

    /** The cards of the moves {@code from} offers the model: its declared moves by {@link Trigger#LLM}, hand-offs excluded. */
    static StateCards of(Status from) {
        return new StateCards(from.moves().stream()
                .filter(move -> move.trigger() == Trigger.LLM && !move.isHandOff())
                .toList());
    }

    /** The offered statuses, in declaration order. */
    List<Status> statuses() {
        return offered.stream().map(Move::to).toList();
    }

    /** Whether any card says more than its status: a description or a when text. */
    boolean sayAnything() {
        return offered.stream()
                .anyMatch(move ->
                        !move.when().isBlank() || !move.to().description().isBlank());
    }

    /** One card per line, each {@code - STATUS (when ...): description}. */
    String lines() {
        return offered.stream().map(StateCards::card).collect(Collectors.joining("\n"));
    }

    /** What follows "must be one of": the cards on lines of their own, or the names on one line when no card says more. */
    String choices() {
        return sayAnything() ? ":\n" + lines() : ": " + ReplyCheck.names(statuses()) + ".";
    }

    /** {@code - ASSIGN (when an application was selected): Create or reuse the AppAgent and hand off}. */
    static String card(Move move) {
        String when = move.when().strip();
        String description = move.to().description().strip();
        return "- " + move.to().name() + (when.isEmpty() ? "" : " (when " + when + ")")
                + (description.isEmpty() ? "" : ": " + description);
    }
}
