package dev.agentfsm.journal.postgres;

import dev.agentfsm.journal.JournalStore;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A writer for {@link KilledWriterTest}, in a JVM of its own: creates a journal and appends lines to it
 * until it is killed, printing {@code committed N} once line N's append has returned.
 */
public final class KilledWriterChild {
    private KilledWriterChild() {}

    /** {@code args}: the JDBC URL and the journal. */
    public static void main(String[] args) throws Exception {
        PGSimpleDataSource source = new PGSimpleDataSource();
        source.setUrl(args[0]);
        JournalStore store = PostgresJournalStore.of(source);
        JournalStore.Writer writer = store.create(args[1]);
        for (int n = 1; ; n++) {
            writer.append(PostgresJournalStoreTest.line(args[1], n));
            System.out.println("committed " + n);
            System.out.flush();
        }
    }
}
