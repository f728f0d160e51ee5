package dev.agentfsm.journal;

import java.io.IOException;
import java.util.List;

/**
 * A store whose writers keep each line in {@code files} but fail the {@code failing}th append of each claim
 * after its line was written, as a force that fails on a failing disk: the line is kept, its fate unknown to
 * the writer. Shared through this module's test-jar (fsm-tests' {@code JournalWriteFailureTest}).
 */
public final class FailingStore implements JournalStore {
    private final JournalStore files;
    private final int failing;

    /** Keeps lines in {@code files}; fails the {@code failing}th append of each claim (1 for the first). */
    public FailingStore(JournalStore files, int failing) {
        this.files = files;
        this.failing = failing;
    }

    @Override
    public List<String> journals() throws IOException {
        return files.journals();
    }

    @Override
    public Writer create(String journal) throws IOException {
        return failing(files.create(journal));
    }

    @Override
    public Writer open(String journal, Reader reader) throws IOException {
        return failing(files.open(journal, reader));
    }

    @Override
    public String where(String journal) {
        return files.where(journal);
    }

    private Writer failing(Writer file) {
        return new Writer() {
            private int appends;

            @Override
            public void append(String line) throws IOException {
                file.append(line);
                if (++appends == failing) {
                    throw new IOException("fsync: Input/output error");
                }
            }

            @Override
            public void close() throws IOException {
                file.close();
            }
        };
    }
}
