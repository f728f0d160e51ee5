package dev.agentfsm.journal;

import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.TransitionTable;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fingerprint of a machine's generated tables and of every machine it can hand off to, directly
 * or not: a SHA-256 of their statuses (name, terminal, ends round, ends subtask, time-out), their
 * initial, fallback and onError statuses, and their moves (target and trigger), in declaration order.
 * A journal's header records it, to say which version of the machines wrote it. Resuming does not
 * require the same fingerprint: another version resumes a journal when it can replay every recorded
 * step ({@link Compatibility}), and the journal logs that the fingerprints differ.
 *
 * <p>Descriptions and the {@code when} texts of moves are left out: they document a machine and
 * change nothing the runtime does.
 */
final class Fingerprint {
    private Fingerprint() {}

    /** {@code "sha256:"} and 64 hex digits, for {@code machine} and the machines it reaches. */
    static String of(StateManager<?, ?> machine) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(canonical(machine).getBytes(StandardCharsets.UTF_8));
            return "sha256:" + HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** The names of {@code machine} and of the machines it reaches by hand-offs, sorted. */
    static List<String> machines(StateManager<?, ?> machine) {
        return reachable(machine).keySet().stream().sorted().toList();
    }

    /** The text the fingerprint is the digest of: one line per machine fact, machines sorted by name. */
    static String canonical(StateManager<?, ?> machine) {
        StringBuilder text = new StringBuilder();
        List<StateManager<?, ?>> machines = reachable(machine).values().stream()
                .sorted(Comparator.comparing(StateManager::name))
                .toList();
        for (StateManager<?, ?> m : machines) {
            TransitionTable<?> table = m.table();
            text.append("machine ").append(m.name()).append('\n');
            text.append("  initial ").append(table.initial().name()).append('\n');
            text.append("  fallback ")
                    .append(table.fallback().map(Status::name).orElse("-"))
                    .append('\n');
            text.append("  onError ")
                    .append(table.onError().map(Status::name).orElse("-"))
                    .append('\n');
            for (Status status : table.statuses()) {
                text.append("  state ")
                        .append(status.name())
                        .append(" terminal=")
                        .append(status.isTerminal())
                        .append(" endsRound=")
                        .append(status.endsRound())
                        .append(" endsSubtask=")
                        .append(status.endsSubtask());
                status.timeout().ifPresent(t -> text.append(" timeout=")
                        .append(t.after())
                        .append("->")
                        .append(t.to().name()));
                text.append('\n');
                for (Move move : status.moves()) {
                    text.append("    move ")
                            .append(move.to().qualifiedName())
                            .append(' ')
                            .append(move.trigger())
                            .append('\n');
                }
            }
        }
        return text.toString();
    }

    /** {@code machine} and the machines it reaches by hand-offs, directly or not, by name. */
    static Map<String, StateManager<?, ?>> reachable(StateManager<?, ?> start) {
        Map<String, StateManager<?, ?>> found = new LinkedHashMap<>();
        Deque<StateManager<?, ?>> queue = new ArrayDeque<>(List.of(start));
        while (!queue.isEmpty()) {
            StateManager<?, ?> machine = queue.removeFirst();
            if (found.putIfAbsent(machine.name(), machine) != null) {
                continue;
            }
            for (Status status : machine.table().statuses()) {
                for (Move move : status.moves()) {
                    queue.addLast(move.to().machine());
                }
            }
        }
        return found;
    }
}
