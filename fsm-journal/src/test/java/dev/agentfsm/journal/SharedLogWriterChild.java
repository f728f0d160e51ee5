package dev.agentfsm.journal;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A writer for {@link SharedLogKillTest}, in a JVM of its own: opens the shared log, and on one thread per
 * journal goes on with each journal from its last line, appending until it is killed; prints {@code forced J N}
 * once line N of journal {@code jJ} was appended (its append returned, so its batch was forced).
 */
public final class SharedLogWriterChild {
    private SharedLogWriterChild() {}

    /** {@code args}: the log's directory, the number of journals and the segments' size in bytes. */
    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        SharedLogJournalStore store = SharedLogJournalStore.open(
                Path.of(args[0]), Durability.SYNC, channel -> channel.force(false), Long.parseLong(args[2]));
        int journals = Integer.parseInt(args[1]);
        List<Thread> writers = new ArrayList<>();
        for (int j = 0; j < journals; j++) {
            String name = "j" + j;
            int number = j;
            writers.add(new Thread(() -> {
                try {
                    SharedLogJournalStoreTest.Lines held = new SharedLogJournalStoreTest.Lines();
                    JournalStore.Writer writer =
                            store.journals().contains(name) ? store.open(name, held) : store.create(name);
                    for (int n = held.lines.size() + 1; ; n++) {
                        writer.append(SharedLogJournalStoreTest.line(name, n));
                        synchronized (out) {
                            out.println("forced " + number + " " + n);
                            out.flush();
                        }
                    }
                } catch (Exception e) {
                    e.printStackTrace();
                    System.exit(3);
                }
            }));
        }
        synchronized (out) {
            out.println("open");
            out.flush();
        }
        writers.forEach(Thread::start);
        for (Thread writer : writers) {
            writer.join();
        }
    }
}
