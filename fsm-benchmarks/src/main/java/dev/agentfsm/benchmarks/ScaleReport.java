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
 * log), the kill checks ({@code journal.KillCheck}, on either store), the heap of sessions waiting at a
 * question ({@code sessions.WaitingSessions}, one file per JDK) and the heap and disk of suspended sessions
 * ({@code sessions.SuspendedSessions}). A missing file leaves its part out.
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
                    + " KillCheck, WaitingSessions and SuspendedSessions, in any order; missing files are left out)");
        }
        List<JsonNode> journals = new ArrayList<>();
        List<JsonNode> kills = new ArrayList<>();
        List<JsonNode> sessions = new ArrayList<>();
        List<JsonNode> suspended = new ArrayList<>();
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
            } else if (json.get().has("suspendedSessions")) {
                suspended.add(json.get());
            } else {
                throw new IllegalArgumentException(file
                        + " is not the JSON of ConcurrentJournals, KillCheck, WaitingSessions or SuspendedSessions");
            }
        }
        ScaleReport report = new ScaleReport();
        report.out.append("## Many sessions: journals that scale, sessions waiting at a question\n\n");
        journals.forEach(report::journals);
        kills.forEach(report::killCheck);
        if (!sessions.isEmpty()) {
            report.sessions(sessions);
        }
        suspended.forEach(report::suspended);
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
        out.append(target(rates, none));
        if (json.path("modelMillis").asLong() == 0
                && rates.has("LOG")
                && rates.get("LOG").asDouble() / none < 0.5) {
            out.append(
                            "\nWhy the run with instant stand-ins stays below 0.5×: with nothing to wait for, a step without a")
                    .append(
                            " journal is a few µs of the runtime's work, and it never parks. A journaled step writes about")
                    .append(
                            " 2 KB of JSON records (the model's reply, the action and its output, the context), hashes the")
                    .append(
                            " action, snapshots the context and the blackboard, and parks once until its batch is forced:")
                    .append(
                            " a dozen parts of 1 to 7 µs each, none of them waste (fsm-journal's README, \"What a journal")
                    .append(
                            " costs\", has the profile). The disk is no longer the limit, since every session shares one")
                    .append(" force; reaching 0.5× would take a step without records, snapshots or a wait, which the")
                    .append(
                            " format and the rule that a completed action is forced before the next step starts exclude.")
                    .append(
                            " With a model that takes time, as every real one does, the shared log meets the target: next.\n");
        }
        out.append("\n");
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
                        + " completed by the child before it died; sessions finished: %d); after the resume %,d of %,d"
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
                .append(" The million suspended sessions that cost no heap: below.\n\n");
    }

    /**
     * The suspended sessions: what they cost the heap and the disk, and the sample resumed. "No heap" is
     * read as less than the smallest Java object (16 bytes) per session: then not one object per session
     * stayed, and what is left is the JVM's own drift between two collections.
     */
    private void suspended(JsonNode run) {
        int sessions = run.get("suspendedSessions").asInt();
        int target = run.get("targetSessions").asInt();
        double heap = run.get("heapBytesPerSuspendedSession").asDouble();
        boolean passed = run.get("passed").asBoolean();
        out.append(String.format(
                Locale.ROOT,
                "**Suspended sessions** (`sessions.SuspendedSessions`): %,d journaled sessions of the `Cleanup` machine"
                        + " (CHECK runs `stat`, ASK has the model write a question and asks the user) each run until it"
                        + " suspended at its question (`Outcome.SUSPENDED`) and let go: its journal closed, no thread,"
                        + " session or agent kept. %d threads, JDK %s, `%s` store, records `%s`%s. The heap in use after"
                        + " a full collection, less the heap before, per session; the journals' bytes and the blocks"
                        + " they take on disk (`du`); then %,d of them (seed %d) answered and resumed in a second"
                        + " JVM. The journals were deleted after (%.1f s).%n%n",
                sessions,
                run.get("threads").asInt(),
                run.get("jdk").asText(),
                run.get("store").asText(),
                run.get("durability").asText(),
                run.get("durability").asText().equals("FLUSH")
                        ? " (written to the operating system, not forced, the wait record included)"
                        : "",
                run.get("sample").asInt(),
                run.get("seed").asLong(),
                run.get("deleteSeconds").asDouble()));
        out.append("| sessions | time to suspend them | heap per suspended session | heap in use before → after |")
                .append(" journal per session | on disk per session | on disk in all | resumed in a second JVM |")
                .append("\n|---:|---:|---:|---:|---:|---:|---:|---|\n");
        out.append(String.format(
                Locale.ROOT,
                "| %,d | %.1f s (%,.0f a second) | %.2f bytes | %.1f → %.1f MiB (max %.0f MiB) | %,.0f bytes | %,.0f"
                        + " bytes | %.2f GiB | %,d of %,d completed with their answer in %.1f s (median %.1f ms);"
                        + " model calls made again %d, actions made again %d |%n",
                sessions,
                run.get("createSeconds").asDouble(),
                sessions / run.get("createSeconds").asDouble(),
                heap,
                run.get("heapBeforeBytes").asDouble() / (1 << 20),
                run.get("heapAfterBytes").asDouble() / (1 << 20),
                run.get("maxHeapBytes").asDouble() / (1 << 20),
                run.get("journalBytes").asDouble() / sessions,
                run.get("diskBytes").asDouble() / sessions,
                run.get("diskBytes").asDouble() / GIB,
                run.get("resumedCompleted").asInt(),
                run.get("sample").asInt(),
                run.get("resumeSeconds").asDouble(),
                run.get("resumeMedianMillis").asDouble(),
                run.get("modelCallsRepeated").asInt(),
                run.get("actionsRepeated").asInt()));
        String verdict;
        if (!passed) {
            verdict = "**missed**: a check failed (" + run.get("problemCount").asInt() + " problems, first: "
                    + run.get("problems").path(0).asText() + ")";
        } else if (sessions < target) {
            verdict = String.format(Locale.ROOT, "not measured at the target (%,d sessions in this run)", sessions);
        } else if (heap < 16) {
            verdict = "met: less than the smallest object (16 bytes) per session, so nothing of a session stayed";
        } else {
            verdict = String.format(Locale.ROOT, "**missed**: %.0f bytes per session stayed in the heap", heap);
        }
        out.append(String.format(
                Locale.ROOT,
                "%nTarget (issue 27): %,d suspended sessions costing no heap: %s. Live threads %d before, %d after;"
                        + " open files %d before, %d after. Load average %s before, %s after.%n%n",
                target,
                verdict,
                run.get("liveThreadsBefore").asInt(),
                run.get("liveThreadsAfter").asInt(),
                run.get("openFilesBefore").asInt(),
                run.get("openFilesAfter").asInt(),
                run.get("loadAverageBefore").asText(),
                run.get("loadAverageAfter").asText()));
    }
}
