package dev.agentfsm.tests.journal;

import dev.agentfsm.journal.Journal;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How long a suspended session takes from "resume it with this answer" to the answered step's end, as a
 * later process does it: open the journal (read and check every record, take its lock), write the reply
 * (forced to disk), replay the steps before the wait and the wait's step up to its question, then run the
 * rest of that step live (the approved action) and record it (forced). A program, not a test: it prints
 * the median and the spread of {@code runs} cycles (default 200) after as many to warm up.
 *
 * <p>{@code java -cp <fsm-tests' test class path> dev.agentfsm.tests.journal.SuspendResumeTiming [runs] [dir]}
 */
public final class SuspendResumeTiming {
    private SuspendResumeTiming() {}

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        Path dir = args.length > 1 ? Path.of(args[1]) : Files.createTempDirectory("suspend-timing-");
        measure(runs, dir); // warm-up
        List<Long> micros = measure(runs, dir);
        Collections.sort(micros);
        System.out.printf(
                "resume with an answer to the answered step's end, %d runs (journal forced per record, in %s):"
                        + " median %d µs, p10 %d µs, p90 %d µs%n",
                runs, dir, micros.get(runs / 2), micros.get(runs / 10), micros.get(runs * 9 / 10));
    }

    private static List<Long> measure(int runs, Path dir) throws Exception {
        List<Long> micros = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            Path file = Files.createTempFile(dir, "approval-", ".journal");
            Files.delete(file);
            suspend(file, journal -> {});
            suspend(file, journal -> journal.answer("orders"));
            long start = System.nanoTime();
            AtomicLong answered = new AtomicLong();
            try (Journal journal = Journal.open(file)) {
                journal.confirm(Decision.APPROVED);
                ApprovalAgent agent = new ApprovalAgent(
                        journal.llm(new ApprovalAgent.Model()),
                        journal.driver(new ApprovalAgent.Database()),
                        journal.user(UserChannel.suspending()));
                RoundResult result = Session.of(ApprovalStateManager.instance(), agent)
                        .listener(event -> answered.compareAndSet(0, System.nanoTime())) // DROP -> FINISH
                        .build()
                        .resume(journal)
                        .get(0);
                if (!result.completed()) {
                    throw new IllegalStateException("run " + i + " did not complete: " + result.reason());
                }
            }
            micros.add((answered.get() - start) / 1_000);
            Files.delete(file);
        }
        return micros;
    }

    private interface Reply {
        void give(Journal journal);
    }

    /** A new session to its first wait, or a resumed one, after {@code reply}, to its next. */
    private static void suspend(Path file, Reply reply) throws Exception {
        boolean resume = Files.exists(file);
        try (Journal journal = resume ? Journal.open(file) : Journal.create(file)) {
            ApprovalAgent agent = new ApprovalAgent(
                    journal.llm(new ApprovalAgent.Model()),
                    journal.driver(new ApprovalAgent.Database()),
                    journal.user(UserChannel.suspending()));
            if (resume) {
                reply.give(journal);
                Session.of(ApprovalStateManager.instance(), agent).build().resume(journal);
            } else {
                Session.of(ApprovalStateManager.instance(), agent)
                        .recorder(journal)
                        .build()
                        .run(List.of("drop the table the user names"));
            }
        }
    }
}
