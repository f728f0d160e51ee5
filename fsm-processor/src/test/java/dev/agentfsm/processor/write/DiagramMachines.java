package dev.agentfsm.processor.write;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.processor.model.MachineModel;
import dev.agentfsm.processor.model.MachineRef;
import dev.agentfsm.processor.model.Names;
import dev.agentfsm.processor.model.Origin;
import dev.agentfsm.processor.model.StateModel;
import dev.agentfsm.processor.model.StateRef;
import dev.agentfsm.processor.model.StateShape;
import dev.agentfsm.processor.model.Surroundings;
import dev.agentfsm.processor.model.TransitionModel;
import dev.agentfsm.processor.model.TypeRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Machines for the diagram writers' tests, built as models, without javac. */
final class DiagramMachines {

    static final String PACKAGE = "dev.example.desk";
    static final MachineRef DESK = machine("Desk");
    static final MachineRef HOST = machine("Host");

    private DiagramMachines() {}

    /**
     * A machine with every feature a diagram shows: an initial state, a fallback, an onError state,
     * terminal states that end the round and one that does not, hand-offs to two states of another
     * machine, a self-loop, every trigger, descriptions and {@code when}s.
     */
    static MachineModel rich() {
        return new Builder(DESK, "Serves one desk request: asks, waits, and hands back to the host")
                .state(
                        "START",
                        "Read the request and ask the LLM",
                        false,
                        false,
                        false,
                        to("START", Trigger.LLM, ""),
                        to("WAIT", Trigger.LLM, "the user must answer"),
                        to("DONE", Trigger.LLM, ""),
                        to("ABORT", Trigger.SYSTEM, "the budget is spent"))
                .state(
                        "WAIT",
                        "",
                        false,
                        false,
                        false,
                        to("START", Trigger.USER, "answered"),
                        to("DONE", Trigger.TIMEOUT, "no answer in 60 s"))
                .state("LOST", "An unknown status arrived", false, false, false, to("ABORT", Trigger.SYSTEM, ""))
                .state(
                        "DONE",
                        "The request is served",
                        true,
                        false,
                        true,
                        handOff("CONTINUE", Trigger.SYSTEM, ""),
                        handOff("FINISH", Trigger.SYSTEM, "the host only follows"))
                .state("ABORT", "", true, false, true, to("CLOSED", Trigger.SYSTEM, "clean-up"))
                .state("CLOSED", "Logged and archived", true, true, true)
                .initial("START")
                .fallback("LOST")
                .onError("ABORT")
                .build();
    }

    /** A two-state machine whose descriptions and {@code when}s are all {@code text}. */
    static MachineModel describedBy(String text) {
        return new Builder(DESK, text)
                .state("ASK", text, false, false, false, to("ANSWER", Trigger.LLM, text))
                .state("ANSWER", text, true, true, false)
                .initial("ASK")
                .build();
    }

    static TransitionModel to(String status, Trigger by, String when) {
        return new TransitionModel(ref(DESK, status), by, when, Origin.NONE);
    }

    static TransitionModel handOff(String status, Trigger by, String when) {
        return new TransitionModel(ref(HOST, status), by, when, Origin.NONE);
    }

    private static MachineRef machine(String name) {
        return new MachineRef(name, TypeRef.of(PACKAGE, name + "State"), TypeRef.of(PACKAGE, name + "Agent"));
    }

    private static StateRef ref(MachineRef machine, String status) {
        return new StateRef(type(machine, status), Optional.of(status), Optional.of(machine), Origin.NONE);
    }

    private static TypeRef type(MachineRef machine, String status) {
        return TypeRef.of(PACKAGE, machine.name() + Names.upperCamel(status) + "State");
    }

    /** Builds a {@link MachineModel} from statuses. */
    static final class Builder {
        private final MachineRef machine;
        private final String description;
        private final List<StateModel> states = new ArrayList<>();
        private String initial;
        private Optional<StateRef> fallback = Optional.empty();
        private Optional<StateRef> onError = Optional.empty();

        Builder(MachineRef machine, String description) {
            this.machine = machine;
            this.description = description;
        }

        Builder state(
                String status,
                String description,
                boolean terminal,
                boolean endsRound,
                boolean endsSubtask,
                TransitionModel... transitions) {
            states.add(new StateModel(
                    status,
                    type(machine, status),
                    description,
                    terminal,
                    endsRound,
                    endsSubtask,
                    List.of(transitions),
                    Optional.empty(),
                    StateShape.OK,
                    List.of(),
                    Origin.NONE,
                    Origin.NONE,
                    Origin.NONE,
                    Optional.empty(),
                    Optional.empty()));
            return this;
        }

        Builder initial(String status) {
            this.initial = status;
            return this;
        }

        Builder fallback(String status) {
            this.fallback = Optional.of(ref(machine, status));
            return this;
        }

        Builder onError(String status) {
            this.onError = Optional.of(ref(machine, status));
            return this;
        }

        MachineModel build() {
            return new MachineModel(
                    machine,
                    description,
                    true,
                    ref(machine, initial),
                    fallback,
                    onError,
                    states,
                    Origin.NONE,
                    Origin.NONE,
                    Surroundings.NONE);
        }
    }
}
