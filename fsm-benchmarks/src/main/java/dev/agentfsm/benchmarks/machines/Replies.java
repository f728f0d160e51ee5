package dev.agentfsm.benchmarks.machines;

/**
 * The LLM of the benchmark: the statuses its replies carry along the Word-then-Excel path, in
 * order, replayed forever. One instance is shared by the host and its app agents, as one LLM
 * conversation would be.
 */
public final class Replies {
    private final String[] statuses;
    private int next;

    /** @param statuses the statuses of successive replies, replayed cyclically */
    public Replies(String... statuses) {
        if (statuses.length == 0) {
            throw new IllegalArgumentException("Replies needs at least one status to replay");
        }
        this.statuses = statuses.clone();
    }

    /** The status of the next reply. */
    public String next() {
        String status = statuses[next];
        next = next + 1 == statuses.length ? 0 : next + 1;
        return status;
    }

    /** Starts the replay over, for a new pass. */
    public void rewind() {
        next = 0;
    }
}
