package dev.agentfsm.journal;

/**
 * How far a journal record is pushed when it is written, before the session goes on to its next step.
 *
 * <table>
 *   <caption>What each mode guarantees once a step's record is written</caption>
 *   <tr><th>mode</th><th>a killed process ({@code kill -9})</th><th>a power cut or OS crash</th><th>who forces</th></tr>
 *   <tr><td>{@link #SYNC}</td><td>kept</td><td>kept</td><td>the session's thread, one force per record</td></tr>
 *   <tr><td>{@link #GROUP}</td><td>kept</td><td>kept</td><td>a shared syncer, one round for all the sessions waiting</td></tr>
 *   <tr><td>{@link #FLUSH}</td><td>kept</td><td>the last records may be lost</td><td>nobody</td></tr>
 * </table>
 *
 * <p>These are the modes of a journal file ({@link JournalStore#directory}). In a {@link
 * SharedLogJournalStore}, where the journals of many sessions share one log, {@link #SYNC} and {@link #GROUP}
 * mean the same: the records appended together are written in one call and covered by one force before
 * their appends return; {@link #FLUSH} writes them in one call and never forces.
 */
public enum Durability {
    /**
     * Written and forced to the storage device ({@code fsync}) by the session's own thread before the
     * session goes on: a record survives a killed process and a power cut. The default.
     */
    SYNC,
    /**
     * Group commit: written, then forced to the storage device by the JVM's shared syncer before the
     * session goes on, so a record survives a killed process and a power cut, as with {@link #SYNC}.
     * The sessions whose records arrive while the syncer is forcing wait together, parked, for its next
     * round, which forces all their files at once. Each session's file is still forced once per record:
     * the file system joins concurrent forces into shared commits, for {@link #SYNC} from many threads as
     * for a round.
     */
    GROUP,
    /**
     * Written to the operating system in one call, not forced: a record survives a killed process
     * ({@code kill -9}), but a power cut may lose the last records. Cheaper by the cost of an
     * {@code fsync} per step.
     */
    FLUSH
}
