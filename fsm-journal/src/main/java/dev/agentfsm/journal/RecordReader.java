package dev.agentfsm.journal;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads a journal's lines, from any {@link JournalStore}, into records, checking each as it comes: its
 * checksum, its MAC under the key (chained to the record before it), its number, and that the first record,
 * and only it, is the header. A line that fails is corruption: an error naming the record, where it is and
 * how to cut the journal before it.
 */
final class RecordReader implements JournalStore.Reader {
    private final String where;
    private final Optional<JournalKey> key;
    private final boolean refuseEmpty;
    private final List<JournalRecord> records = new ArrayList<>();
    private String lastMac = "";
    private long bytes;
    private long tornBytes;

    /**
     * @param where the journal, for messages
     * @param key the key the journal was written with; empty for an unkeyed journal
     * @param refuseEmpty whether a journal with no complete record is refused ({@link JournalException.Kind#EMPTY})
     *     before its store cuts anything off
     */
    RecordReader(String where, Optional<JournalKey> key, boolean refuseEmpty) {
        this.where = Objects.requireNonNull(where, "where");
        this.key = Objects.requireNonNull(key, "key");
        this.refuseEmpty = refuseEmpty;
    }

    @Override
    public void line(JournalStore.Line line) {
        int number = records.size() + 1;
        RecordCodec.Parsed parsed;
        try {
            parsed = RecordCodec.parse(line.text(), number, key, lastMac);
            if ((number == 1) != (parsed.record() instanceof JournalRecord.Header)) {
                throw new RecordCodec.BadRecord(
                        number == 1
                                ? "the first record must be the journal's header (\"type\":\"journal\")"
                                : "a journal has one header, and it is the first record");
            }
        } catch (RecordCodec.BadRecord e) {
            throw corrupt(number, line, e);
        }
        records.add(parsed.record());
        lastMac = parsed.mac();
        bytes += JournalLog.lineBytes(line.text());
    }

    @Override
    public void torn(long torn) {
        tornBytes = torn;
        if (refuseEmpty && records.isEmpty()) {
            throw empty();
        }
    }

    /** The journal holds no complete record: there is nothing to resume. */
    JournalException empty() {
        return new JournalException(
                JournalException.Kind.EMPTY,
                where,
                0,
                "journal " + where + " holds no complete"
                        + " record (" + tornBytes
                        + " bytes of a torn one): the session it was started for"
                        + " never began, so there is nothing to resume; start a new session");
    }

    /** The records read, in order. */
    List<JournalRecord> records() {
        return List.copyOf(records);
    }

    /** The MAC of the last record read ({@code ""} when unkeyed or none). */
    String lastMac() {
        return lastMac;
    }

    /** How many bytes the records read take as lines, line breaks included. */
    long bytes() {
        return bytes;
    }

    /** How many bytes of a torn last line the store reported (0 when none). */
    long tornBytes() {
        return tornBytes;
    }

    private JournalException corrupt(int number, JournalStore.Line line, RecordCodec.BadRecord problem) {
        String text = line.text();
        String shown = text.length() <= 120 ? text : text.substring(0, 117) + "...";
        if (problem.otherFormat()) {
            // a journal another agent-fsm version wrote is whole: restoring it or cutting it off would not help
            return new JournalException(
                    JournalException.Kind.CORRUPT,
                    where,
                    number,
                    "journal " + where + " was written by another version of agent-fsm: " + problem.getMessage()
                            + " (its header, " + line.position() + "). Nothing was resumed, and the journal was left"
                            + " as it is. Resume it with the agent-fsm version that wrote it, or start a new session");
        }
        return new JournalException(
                problem.unauthentic() ? JournalException.Kind.UNAUTHENTIC : JournalException.Kind.CORRUPT,
                where,
                number,
                "journal " + where + (problem.unauthentic() ? " fails its key at" : " is corrupt at")
                        + " record " + number + " (" + line.position() + "): " + problem.getMessage()
                        + ". The line: "
                        + shown
                        + ". Nothing was resumed. Restore the journal from a copy, or start a new session"
                        // before the header there is nothing to resume from: cutting there would leave an empty file
                        + (number == 1
                                ? ""
                                : "; to resume from the " + (number - 1) + " records before it, " + line.cut()));
    }
}
