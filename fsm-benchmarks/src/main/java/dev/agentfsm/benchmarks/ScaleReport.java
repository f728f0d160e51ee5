package dev.agentfsm.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The Markdown section of {@code BENCHMARKS.md} on many sessions (issue 27 items 3 and 4): journaled
 * steps per second against none ({@code journal.ConcurrentJournals}: a file per session, and the shared
 * log), the kill checks ({@code journal.KillCheck}, on either store) and the heap of sessions waiting at a question ({@code sessions.WaitingSessions},
 * one file per JDK). A missing file leaves its part out.
 *
 * <pre>{@code
 * java -cp benchmarks.jar dev.agentfsm.benchmarks.ScaleReport journals.json killcheck.json sessions.json...
 * }</pre>
 */
public final class ScaleReport {
    private static final double GIB = 1L << 30;
    private final StringBuilder out = new StringBuilder();

    private ScaleReport() {}

    public static void main(String[] args) throws IOException {
        if (args.length == 0) {
            throw new IllegalArgumentException("usage: ScaleReport <file.json>... (the JSON of ConcurrentJournals,"
                    + " KillCheck and WaitingSessions, in any order; missing files are left out)");
        }
        List<JsonNode> journals = new ArrayList<>();
        List<JsonNode> kills = new ArrayList<>();
        List<JsonNode> sessions = new ArrayList<>();
        for (String file : args) {
            Optional<JsonNode> json = read(file);
            if (json.isEmpty()) {
                continue;
            }
            if (json.get().has("stepsPerSecond")) {
                journals.add(json.get());
            } else if (json.get().has("stepsInJournalsAtKill")) {
                kills.add(json.get());
            } else if (json.get().has("bytesPerWaitingSession")) {
                sessions.add(json.get());
            } else {
                throw new IllegalArgumentException(
                        file + " is not the JSON of ConcurrentJournals, KillCheck or WaitingSessions");
            }
        }
        ScaleReport report = new ScaleReport();
        report.out.append("## Many sessions: journals that scale, sessions waiting at a question\n\n");
        journals.forEach(report::journals);
        kills.forEach(report::killCheck);
        if (!sessions.isEmpty()) {
            report.sessions(sessions);
        }
        System.out.print(report.out);
    }

    private static Optional<JsonNode> read(String file) throws IOException {
        Path path = Path.of(file);
        return Files.exists(path) ? Optional.of(new ObjectMapper().readTree(path.toFile())) : Optional.empty();
    }

    private void journals(JsonNode json) {
        JsonNode rates = json.get("stepsPerSecond");
        double none = rates.get("none").asDouble();
        out.append(String.format(
                Locale.ROOT,
                "**Journaled sessions** (`journal.ConcurrentJournals`): %,d sessions at once on %s, each of %d steps"
                        + " (a model call and a command per step, answered by stand-ins: %s), with no journal,"
                        + " with one journal file per session in each durability, and with every session's journal"
                        + " in one shared log (`LOG`: `SharedLogJournalStore`, one force per batch), in the same run;"
                        + " median of three.%n%n",
                json.get("sessions").asInt(),
                json.get("threads").asText(),
                json.get("steps").asInt(),
                json.path("modelMillis").asLong() == 0
                        ? "both at once, so a step without a journal is the runtime's work alone"
                        : "the model after " + json.path("modelMillis").asLong() + " ms, at most "
                                + String.format(
                                        Locale.ROOT,
                                        "%,.0f",
                                        json.get("sessions").asInt()
                                                * 1000.0
                                                / json.path("modelMillis").asLong())
                                + " steps per second"));
        out.append("| journal | steps per second | × without a journal |\n|---|---:|---:|\n");
        rates.properties()
                .forEach(e -> out.append(String.format(
                        Locale.ROOT,
                        "| %s | %,.0f | %.3f |%n",
                        e.getKey().equals("none") ? "none" : "`" + e.getKey() + "`",
                        e.getValue().asDouble(),
                        e.getValue().asDouble() / none)));
        if (json.has("logLinesPerForce")) {
            out.append(String.format(
                    Locale.ROOT,
                    "%nThe shared log wrote %,.0f records per batch (median), each batch one write and one force.%n",
                    json.get("logLinesPerForce").asDouble()));
        }
        out.append(target(rates, none)).append("\n");
    }

    /**
     * Issue 27's target, for each configuration whose records are forced before the next step: the shared
     * log ({@code LOG}, one force per batch of every session's records), and a file per session
     * ({@code GROUP}, {@code SYNC}); met, or missed by how much.
     */
    private static String target(JsonNode rates, double none) {
        StringBuilder line = new StringBuilder(
                "\nTarget (issue 27): with every completed step's record forced before the next step starts, at least"
                        + " half the steps per second without a journal (0.5×):");
        List<String> parts = new ArrayList<>();
        for (String name : List.of("LOG", "GROUP", "SYNC")) {
            if (!rates.has(name)) {
                continue;
            }
            double ratio = rates.get(name).asDouble() / none;
            parts.add(String.format(
                    Locale.ROOT,
                    " %s %.3f× (%s)",
                    name.equals("LOG") ? "the shared log (`LOG`)" : "`" + name + "`",
                    ratio,
                    ratio >= 0.5 ? "met" : String.format(Locale.ROOT, "**missed** by %.1f times", 0.5 / ratio)));
        }
        return line.append(String.join(";", parts)).append(".\n").toString();
    }

    private void killCheck(JsonNode json) {
        out.append(String.format(
                Locale.ROOT,
                "**Kill check** (`journal.KillCheck`, seed %d): %,d journaled sessions (%s) of %d steps in a child"
                        + " JVM on %s, killed with SIGKILL %,d ms after the first step completed, then every session resumed in"
                        + " a second JVM. At the kill the journals held %,d completed steps (%,d of them reported"
                        + " completed by the child before it died, %d sessions finished); after the resume %,d of %,d"
                        + " sessions completed; actions of steps cut off by the kill that ran again: %d (not in"
                        + " the journal, so they run again, as documented). Every step reported completed in its"
                        + " journal, and no action of a journaled step ran again: %s.%n%n",
                json.get("seed").asLong(),
                json.get("sessions").asInt(),
                json.path("store").asText("a journal file per session, GROUP"),
                json.get("steps").asInt(),
                json.get("threads").asText(),
                json.get("killedAfterMillis").asLong(),
                json.get("stepsInJournalsAtKill").asLong(),
                json.get("stepsReportedCompletedBeforeKill").asLong(),
                json.get("sessionsCompletedBeforeKill").asInt(),
                json.get("sessionsCompletedAfterResume").asInt(),
                json.get("sessions").asInt(),
                json.get("cutOffActionsRunAgain").asInt(),
                json.get("passed").asBoolean()
                        ? "yes"
                        : "**no** (" + json.get("problemCount").asInt() + " problems, first: "
                                + json.get("problems").path(0).asText() + ")"));
    }

    private void sessions(List<JsonNode> runs) {
        out.append("**Sessions waiting at a question** (`sessions.WaitingSessions`): sessions parked in PENDING until")
                .append(" their answer, one thread each; the heap in use after a full collection, less the heap")
                .append(" before, per session. A virtual thread's parked stack is on the heap; a platform thread's")
                .append(" is not (and the operating system limits platform threads to some thousands, so JDK 17")
                .append(" measures fewer sessions and the heap of 100,000 is projected from them).\n\n")
                .append("| threads | sessions | bytes per waiting session | heap for 100,000 | within 1 GiB |")
                .append(" cores busy while they wait |\n|---|---:|---:|---:|:-:|---:|\n");
        for (JsonNode run : runs) {
            double heap = run.get("heapForTargetBytes").asDouble();
            out.append(String.format(
                    Locale.ROOT,
                    "| %s | %,d | %,.0f | %.0f MiB%s | %s | %.2f |%n",
                    run.get("threads").asText(),
                    run.get("sessions").asInt(),
                    run.get("bytesPerWaitingSession").asDouble(),
                    heap / (1 << 20),
                    run.get("measuredAtTarget").asBoolean() ? "" : " (projected)",
                    heap <= GIB ? "yes" : "**no**",
                    run.get("coresBusyWhileWaiting").asDouble()));
        }
        out.append("\nTarget (issue 27): 100,000 sessions waiting at a question in at most 1 GiB of heap on JDK 17.")
                .append(" The million suspended sessions that cost no heap wait for the suspend-to-journal of")
                .append(" issue 26.\n\n");
    }
}
