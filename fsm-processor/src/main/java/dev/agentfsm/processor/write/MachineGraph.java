package dev.agentfsm.processor.write;

import dev.agentfsm.processor.model.MachineModel;
import dev.agentfsm.processor.model.StateModel;
import dev.agentfsm.processor.model.StateRef;
import dev.agentfsm.processor.model.TransitionModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A machine as its diagrams draw it: one node per state and per hand-off target, the declared
 * transitions, and the implicit {@code onError} moves from every non-terminal state. Every diagram
 * writer draws this one view, so the formats cannot disagree about what the machine is.
 */
record MachineGraph(String name, String description, List<Node> nodes, List<Edge> edges) {

    MachineGraph {
        nodes = List.copyOf(nodes);
        edges = List.copyOf(edges);
    }

    /** What a node stands for; decides how every format draws it. */
    enum Kind {
        STATE,
        TERMINAL,
        HAND_OFF
    }

    /**
     * One node. {@code id} is a plain identifier in every format: a status ({@code FINISH}) or, for a
     * hand-off target, {@code Machine_STATUS}, which no status can be since statuses have no lower case.
     */
    record Node(
            String id,
            String label,
            Kind kind,
            String description,
            boolean initial,
            boolean fallback,
            boolean onError,
            boolean endsRound,
            boolean endsSubtask) {

        /** The facts a reader needs beside the name (the start marker shows the initial state): {@code fallback}, {@code ends the round}. */
        List<String> notes() {
            List<String> notes = new ArrayList<>();
            if (fallback) {
                notes.add("fallback for unknown statuses");
            }
            if (onError) {
                notes.add("entered when handle() throws");
            }
            if (kind == Kind.TERMINAL) {
                notes.add(endsRound ? "terminal, ends the round" : "terminal, the round goes on");
            }
            if (endsSubtask) {
                notes.add("ends the subtask");
            }
            if (kind == Kind.HAND_OFF) {
                notes.add("hand-off to another machine");
            }
            return notes;
        }
    }

    /** One move: a declared transition, or an implicit one to the {@code onError} state. */
    record Edge(String from, String to, String trigger, String when, boolean implicitOnError) {

        /** {@code LLM}, {@code USER: approved}, or {@code on error} for an implicit move; unescaped. */
        String label() {
            if (implicitOnError) {
                return "on error";
            }
            return when.isEmpty() ? trigger : trigger + ": " + when;
        }
    }

    /** The initial state's node. */
    Node initial() {
        return nodes.stream().filter(Node::initial).findFirst().orElseThrow();
    }

    /** The node with this id. */
    Node node(String id) {
        return nodes.stream().filter(n -> n.id().equals(id)).findFirst().orElseThrow();
    }

    /** The view of a valid machine. */
    static MachineGraph of(MachineModel machine) {
        String initial = machine.statusOf(machine.initial()).orElseThrow();
        Optional<String> fallback = machine.fallback().flatMap(machine::statusOf);
        Optional<String> onError = machine.onError().flatMap(machine::statusOf);
        Map<String, Node> nodes = new LinkedHashMap<>();
        List<Edge> edges = new ArrayList<>();
        for (StateModel state : machine.states()) {
            nodes.put(
                    state.status(),
                    new Node(
                            state.status(),
                            state.status(),
                            state.terminal() ? Kind.TERMINAL : Kind.STATE,
                            state.description(),
                            state.status().equals(initial),
                            fallback.filter(state.status()::equals).isPresent(),
                            onError.filter(state.status()::equals).isPresent(),
                            state.endsRound(),
                            state.endsSubtask()));
        }
        for (StateModel state : machine.states()) {
            for (TransitionModel t : state.transitions()) {
                String target = targetId(machine, t.target());
                if (t.isHandOff(machine.ref())) {
                    nodes.putIfAbsent(
                            target,
                            new Node(
                                    target,
                                    t.target().qualifiedStatus(machine.ref()),
                                    Kind.HAND_OFF,
                                    "",
                                    false,
                                    false,
                                    false,
                                    false,
                                    false));
                }
                edges.add(new Edge(state.status(), target, t.by().name(), t.when(), false));
            }
        }
        // a state that already declares the move to the onError state needs no second edge for it
        onError.ifPresent(error -> machine.states().stream()
                .filter(s -> !s.terminal() && !s.status().equals(error))
                .filter(s -> edges.stream().noneMatch(e -> e.from().equals(s.status()) && e.to().equals(error)))
                .forEach(s -> edges.add(new Edge(s.status(), error, "", "", true))));
        return new MachineGraph(machine.name(), machine.description(), List.copyOf(nodes.values()), edges);
    }

    private static String targetId(MachineModel machine, StateRef target) {
        return target.belongsTo(machine.ref())
                ? target.status().orElseThrow()
                : target.qualifiedStatus(machine.ref()).replace('.', '_');
    }
}
