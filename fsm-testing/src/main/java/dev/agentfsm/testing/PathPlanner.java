package dev.agentfsm.testing;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.TransitionTable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * Plans a machine's coverage paths (see {@link CoveragePlan} for the rules) with a shortest-path search
 * over the statuses of every machine a round can reach, the runtime's own moves included.
 */
final class PathPlanner {
    private static final Comparator<Cost> CHEAPEST = Comparator.comparingInt(Cost::undeclared)
            .thenComparingInt(Cost::errors)
            .thenComparingInt(Cost::length)
            .thenComparingInt(Cost::fresh);

    private final StateManager<?, ?> machine;

    PathPlanner(StateManager<?, ?> machine) {
        this.machine = machine;
    }

    /**
     * Where a round can be: a status, and whether it has entered an {@code onError} state already (the runtime
     * does that once a round; a second failure ends it).
     */
    private record Node(Status status, boolean failed) {}

    /**
     * What a route costs, compared in the order of the components: runtime moves that are not declared,
     * entries into onError states, moves, and moves not taken yet (negative: each one makes the route cheaper).
     * Every move adds one to {@code length}, so a longer route never costs less than its beginning.
     */
    private record Cost(int undeclared, int errors, int length, int fresh) {
        static final Cost NONE = new Cost(0, 0, 0, 0);

        Cost plus(Cost other) {
            return new Cost(
                    undeclared + other.undeclared, errors + other.errors, length + other.length, fresh + other.fresh);
        }
    }

    /** The cheapest routes from one node to every node it reaches. */
    private static final class Search {
        private final Map<Node, Cost> costs = new HashMap<>();
        private final Map<Node, Move> arrivedBy = new HashMap<>();
        private final Map<Node, Node> cameFrom = new HashMap<>();

        /** A node waiting to be expanded; {@code order} keeps ties in the order moves are declared. */
        private record Queued(Node node, Cost cost, long order) {}

        Search(Node start, Set<Move> untaken) {
            PriorityQueue<Queued> queue = new PriorityQueue<>(
                    Comparator.comparing(Queued::cost, CHEAPEST).thenComparingLong(Queued::order));
            long order = 0;
            costs.put(start, Cost.NONE);
            queue.add(new Queued(start, Cost.NONE, order++));
            while (!queue.isEmpty()) {
                Queued next = queue.remove();
                Node node = next.node();
                if (!next.cost().equals(costs.get(node)) || node.status().endsRound()) {
                    continue; // a stale entry, or a state where the round stops
                }
                for (Move move : moves(node.status())) {
                    Optional<Node> to = after(node, move);
                    if (to.isEmpty()) {
                        continue;
                    }
                    Cost cost = next.cost().plus(moveCost(move, untaken));
                    Cost known = costs.get(to.get());
                    if (known == null || CHEAPEST.compare(cost, known) < 0) {
                        costs.put(to.get(), cost);
                        arrivedBy.put(to.get(), move);
                        cameFrom.put(to.get(), node);
                        queue.add(new Queued(to.get(), cost, order++));
                    }
                }
            }
        }

        Optional<Cost> cost(Node node) {
            return Optional.ofNullable(costs.get(node));
        }

        /** The nodes reached whose status ends the round, cheapest first. */
        List<Node> ends() {
            return costs.keySet().stream()
                    .filter(node -> node.status().endsRound())
                    .sorted(Comparator.comparing((Node node) -> costs.get(node), CHEAPEST)
                            .thenComparing(node -> node.status().qualifiedName()))
                    .toList();
        }

        List<Move> route(Node to) {
            List<Move> route = new ArrayList<>();
            for (Node node = to; arrivedBy.containsKey(node); node = cameFrom.get(node)) {
                route.add(arrivedBy.get(node));
            }
            Collections.reverse(route);
            return route;
        }
    }

    CoveragePlan plan() {
        List<Move> declared = List.copyOf(machine.table().moves());
        Set<Move> untaken = new LinkedHashSet<>(declared);
        List<CoveragePath> paths = new ArrayList<>();
        List<Move> unreachable = new ArrayList<>();
        Node start = new Node(machine.table().initial(), false);
        for (Move target : declared) {
            if (!untaken.contains(target)) {
                continue;
            }
            Optional<List<Move>> route = routeThrough(start, target, untaken);
            if (route.isEmpty()) {
                unreachable.add(target);
                untaken.remove(target);
                continue;
            }
            CoveragePath path = new CoveragePath(route.get());
            path.moves().forEach(untaken::remove);
            paths.add(path);
        }
        return new CoveragePlan(machine, paths, unreachable);
    }

    /**
     * The cheapest path from the initial state that takes {@code move} (a declared one, or one of the runtime's
     * own into an onError or fallback state) and ends the round, if a round can: the path of a fault that no
     * coverage path takes.
     */
    Optional<CoveragePath> pathThrough(Move move) {
        return routeThrough(new Node(machine.table().initial(), false), move, Set.of())
                .map(CoveragePath::new);
    }

    /** The cheapest route from {@code start} that takes {@code target} and ends the round, if a round can. */
    private Optional<List<Move>> routeThrough(Node start, Move target, Set<Move> untaken) {
        Search before = new Search(start, untaken);
        Optional<List<Move>> best = Optional.empty();
        Cost bestCost = null;
        boolean bestInSubAgent = true;
        for (boolean failed : new boolean[] {false, true}) {
            Node at = new Node(target.from(), failed);
            Optional<Cost> reach = before.cost(at);
            Optional<Node> next = after(at, target);
            if (reach.isEmpty() || next.isEmpty() || at.status().endsRound()) {
                continue;
            }
            Search after = new Search(next.get(), untaken);
            List<Move> head = new ArrayList<>(before.route(at));
            head.add(target);
            for (Node end : after.ends()) {
                List<Move> route = new ArrayList<>(head);
                route.addAll(after.route(end));
                boolean inSubAgent = endsInSubAgent(route);
                Cost cost = reach.get()
                        .plus(moveCost(target, untaken))
                        .plus(after.cost(end).orElseThrow());
                if (bestCost == null
                        || (bestInSubAgent && !inSubAgent)
                        || (bestInSubAgent == inSubAgent && CHEAPEST.compare(cost, bestCost) < 0)) {
                    best = Optional.of(route);
                    bestCost = cost;
                    bestInSubAgent = inSubAgent;
                }
            }
        }
        return best;
    }

    /**
     * Whether {@code route} ends the round in a machine that a hand-off entered to do a subtask: one made from
     * a state that is not terminal (a host's ASSIGN), not undone by a later hand-off from a terminal state
     * (the sub-agent's FINISH handing back). Such a route is planned only when no other ends the round:
     * a sub-agent that was handed a subtask hands it back, and does not end the round as it would on its own
     * (an Operator's ALLFINISH).
     */
    private static boolean endsInSubAgent(List<Move> route) {
        boolean inSubAgent = false;
        for (Move move : route) {
            if (move.isHandOff()) {
                inSubAgent = !move.from().isTerminal();
            }
        }
        return inSubAgent;
    }

    /** Where {@code move} takes a round at {@code node}; empty when the round would end instead (a second failure). */
    private static Optional<Node> after(Node node, Move move) {
        boolean fails = PathStep.entersOnError(move);
        if (fails && node.failed()) {
            return Optional.empty();
        }
        return Optional.of(new Node(move.to(), node.failed() || fails));
    }

    private static Cost moveCost(Move move, Set<Move> untaken) {
        return new Cost(
                PathStep.isDeclared(move) ? 0 : 1,
                PathStep.entersOnError(move) ? 1 : 0,
                1,
                untaken.contains(move) ? -1 : 0);
    }

    /**
     * The moves a round can make from {@code status}: the declared ones, then the runtime's own into the
     * machine's onError state (its work throws) and fallback state (its work meets an unknown status), where
     * they are not declared.
     */
    private static List<Move> moves(Status status) {
        List<Move> moves = new ArrayList<>(status.moves());
        TransitionTable<?> table = status.machine().table();
        for (Optional<? extends Status> target : List.of(table.onError(), table.fallback())) {
            target.filter(t -> t != status && status.moveTo(t).isEmpty())
                    .map(t -> new Move(status, t, Trigger.SYSTEM, ""))
                    .filter(move -> !moves.contains(move))
                    .ifPresent(moves::add);
        }
        return moves;
    }
}
