package dev.agentfsm.tests.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.runtime.RoundResult;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The journal's promise under {@code kill -9}: child JVMs run journaled {@link Tally} sessions (eight at
 * once, each in its own directory) and are killed with SIGKILL at random points; each next launch
 * resumes the sessions that had not ended. A point is a random number of steps the child reports having
 * run, then a random part of a device action: counted in steps, not in time, so that a slow or loaded
 * machine cuts the sessions across their whole run as a fast one does. Every session, however often it was cut, ends as the
 * uninterrupted run did, along the same path, with the same device effects, and no action of a step the
 * journal had completed reaches the device again.
 */
class KillAndResumeTest {
    private static final int KILLS = 50;
    private static final int SESSIONS_AT_ONCE = 8;
    private static final int TARGET = 40;
    private static final long PAUSE_MILLIS = 5;

    @Test
    void killedAtFiftyRandomPointsEverySessionEndsAsTheUninterruptedOneAndRepeatsNoCompletedAction(@TempDir Path dir)
            throws Exception {
        long seed = Long.getLong("agentfsm.killSeed", System.nanoTime());
        Random random = new Random(seed);
        String about = "seed " + seed + " (rerun with -Dagentfsm.killSeed=" + seed + ")";

        Path referenceDir = Files.createDirectory(dir.resolve("reference"));
        TallyRun reference =
                TallyRun.start(referenceDir, TARGET, Duration.ofMillis(PAUSE_MILLIS), "reference", new Moves());
        RoundResult expected = reference.run(false).get(0);
        reference.journal.close();
        int stepsPerSession = expected.path().size();
        List<String> expectedLines = lines(TallyRun.lines(TallyRun.effects(referenceDir)));

        List<Path> sessions = new ArrayList<>();
        List<Integer> cutAfterSteps = new ArrayList<>();
        int launches = 0;
        while (cutAfterSteps.size() < KILLS) {
            List<Path> active = sessions.stream()
                    .filter(s -> !Files.exists(s.resolve("done")))
                    .toList();
            if (active.isEmpty()) {
                for (int i = 0; i < SESSIONS_AT_ONCE; i++) {
                    sessions.add(Files.createDirectory(dir.resolve("session-" + sessions.size())));
                }
                continue;
            }
            launches++;
            Map<Path, Integer> committed = new HashMap<>();
            for (Path session : active) {
                committed.put(session, completedSteps(session));
            }
            Process child = launch("launch-" + launches, active);
            BufferedReader out = awaitReady(child, about);
            // on average a quarter of a session's steps each, then anywhere in the next device action
            awaitSteps(out, random.nextInt(active.size() * stepsPerSession / 2 + 1), child, about);
            Thread.sleep(random.nextLong(2 * PAUSE_MILLIS + 1));
            child.destroyForcibly(); // SIGKILL
            child.waitFor(30, TimeUnit.SECONDS);
            for (Path session : active) {
                assertNoCompletedActionRanAgain(session, "launch-" + launches, committed.get(session), about);
                if (!Files.exists(session.resolve("done"))) {
                    cutAfterSteps.add(completedSteps(session));
                }
            }
        }
        List<Path> unfinished =
                sessions.stream().filter(s -> !Files.exists(s.resolve("done"))).toList();
        if (!unfinished.isEmpty()) {
            launches++;
            Map<Path, Integer> committed = new HashMap<>();
            for (Path session : unfinished) {
                committed.put(session, completedSteps(session));
            }
            Process child = launch("launch-" + launches, unfinished);
            assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the last launch ends");
            assertEquals(0, child.exitValue(), () -> "the last launch succeeds: " + log(child) + "; " + about);
            for (Path session : unfinished) {
                assertNoCompletedActionRanAgain(session, "launch-" + launches, committed.get(session), about);
            }
        }

        for (Path session : sessions) {
            List<String> done = Files.readAllLines(session.resolve("done"));
            String which = session.getFileName() + ", " + about;
            assertEquals(expected.outcome().name(), done.get(0), which);
            assertEquals(String.join(" ", expected.qualifiedPath()), done.get(1), which);
            assertEquals(expected.result().orElse(""), done.get(2), which);
            List<String> effects = TallyRun.lines(TallyRun.effects(session));
            assertEquals(expectedLines, lines(effects), which + ": every action happened once, in order");
        }
        assertTrue(cutAfterSteps.size() >= KILLS, cutAfterSteps.size() + " kills");
        assertTrue(
                new HashSet<>(cutAfterSteps).size() >= 5,
                "the kills are spread over the run: cut after " + cutAfterSteps + " completed steps; " + about);
        System.out.printf(
                "KillAndResumeTest: %d launches, %d sessions cut %d times (cut after"
                        + " %d to %d completed steps, %d distinct points), all %d ended %s along the uninterrupted path;"
                        + " %s%n",
                launches,
                sessions.size(),
                cutAfterSteps.size(),
                cutAfterSteps.stream().min(Integer::compare).orElse(0),
                cutAfterSteps.stream().max(Integer::compare).orElse(0),
                new HashSet<>(cutAfterSteps).size(),
                sessions.size(),
                expected.outcome(),
                about);
    }

    /** Every action {@code launch} asked for belongs to a step after the ones the journal held when it started. */
    private static void assertNoCompletedActionRanAgain(Path session, String launch, int committed, String about)
            throws IOException {
        for (String attempt : TallyRun.lines(TallyRun.attempts(session))) {
            String[] fields = attempt.split(" ");
            if (fields[0].equals(launch)) {
                int step = Integer.parseInt(fields[1].split("/")[1]);
                assertTrue(
                        step > committed,
                        session.getFileName() + ": " + launch + " ran action " + fields[1] + " of step " + step
                                + ", which the journal had completed (" + committed + " steps); " + about);
            }
        }
    }

    /**
     * The session steps the journal holds; a torn last record does not count. Read from the journal's
     * JSON lines as an outsider would (its reader is package-private): a record counts once its line,
     * newline included, is in the file, and a step record names its {@code sessionStep}.
     */
    private static int completedSteps(Path session) throws IOException {
        Path journal = TallyRun.journal(session);
        if (!Files.exists(journal)) {
            return 0;
        }
        String text = Files.readString(journal, StandardCharsets.UTF_8);
        int steps = 0;
        ObjectMapper json = new ObjectMapper();
        for (String line : text.substring(0, text.lastIndexOf('\n') + 1).split("\n", -1)) {
            if (!line.isEmpty()) {
                var record = json.readTree(line);
                if (record.path("type").asText().equals("step")) {
                    steps = Math.max(steps, record.path("sessionStep").asInt());
                }
            }
        }
        return steps;
    }

    /** The lines the device appended, without their action ids, after checking each id appears once. */
    private static List<String> lines(List<String> effects) {
        Set<String> ids = new HashSet<>();
        List<String> lines = new ArrayList<>();
        for (String effect : effects) {
            int space = effect.indexOf(' ');
            assertTrue(ids.add(effect.substring(0, space)), "action " + effect + " appended twice");
            lines.add(effect.substring(space + 1));
        }
        return lines;
    }

    private static Process launch(String name, List<Path> sessions) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-Xshare:auto",
                "-cp",
                System.getProperty("java.class.path"),
                TallyChild.class.getName(),
                name,
                Integer.toString(TARGET),
                Long.toString(PAUSE_MILLIS)));
        sessions.forEach(s -> command.add(s.toString()));
        Path log = sessions.get(0).getParent().resolve(name + ".log");
        return new ProcessBuilder(command).redirectError(log.toFile()).start();
    }

    private static BufferedReader awaitReady(Process child, String about) throws Exception {
        BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        String line = CompletableFuture.supplyAsync(() -> readLine(out)).get(60, TimeUnit.SECONDS);
        assertEquals("ready", line, () -> "the child starts: " + log(child) + "; " + about);
        return out;
    }

    /**
     * Waits until the child has reported {@code steps} steps, or has ended (its sessions finished first). The
     * time-out only keeps a hung child from hanging the build: no step takes a minute.
     */
    private static void awaitSteps(BufferedReader out, int steps, Process child, String about) throws Exception {
        for (int heard = 0; heard < steps; heard++) {
            String line = CompletableFuture.supplyAsync(() -> readLine(out)).get(60, TimeUnit.SECONDS);
            if (line == null) {
                return;
            }
            assertEquals("step", line, () -> "the child reports its steps: " + log(child) + "; " + about);
        }
    }

    private static String readLine(BufferedReader out) {
        try {
            return out.readLine();
        } catch (IOException e) {
            return "(" + e + ")";
        }
    }

    private static String log(Process child) {
        return "exit " + (child.isAlive() ? "(running)" : child.exitValue());
    }
}
