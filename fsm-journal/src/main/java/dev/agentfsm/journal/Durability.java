package dev.agentfsm.journal;

/** How far a journal record is pushed when it is written. */
public enum Durability {
    /**
     * Written and forced to the storage device ({@code fsync}) before the session goes on: a record
     * survives a killed process and a power cut. The default.
     */
    SYNC,
    /**
     * Written to the operating system in one call, not forced: a record survives a killed process
     * ({@code kill -9}), but a power cut may lose the last records. Cheaper by the cost of an
     * {@code fsync} per step.
     */
    FLUSH
}
