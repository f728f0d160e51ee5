package dev.agentfsm.journal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Event;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.SessionRecorder;
import dev.agentfsm.runtime.SessionRecorder.RoundHooks;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.StepInterceptor;
import dev.agentfsm.runtime.Waiting;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.device.DeviceDriver.ActionId;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Answer;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A session's journal: an append-only file with one record per completed step, so that a session
 * can resume on this machine after its process died; or the same records in a {@link JournalStore} that
 * several machines share, so that it resumes on another machine.
 *
 * <p>Writing one:
 *
 * <pre>{@code
 * Journal journal = Journal.create(Path.of("session.journal"));
 * LinuxAgent agent = LinuxAgent.builder(journal.driver(shell), journal.llm(llm)).build();
 * Session.of(LinuxAgentStateManager.instance(), agent).recorder(journal).build().run(List.of(task));
 * }</pre>
 *
 * <p>Resuming it, after a crash, with the same machines, agent and settings:
 *
 * <pre>{@code
 * Journal journal = Journal.open(Path.of("session.journal"));
 * LinuxAgent agent = LinuxAgent.builder(journal.driver(shell), journal.llm(llm)).build();
 * List<RoundResult> results = Session.of(LinuxAgentStateManager.instance(), agent).build().resume(journal);
 * }</pre>
 *
 * <p>A step is one state entered: its {@code handle}, and the move it chose or the round's end. At the
 * end of each step the journal writes, in one record, the state, the move, every call the work made
 * through the wrappers ({@link #llm}, {@link #driver}, {@link #user}, and the session's
 * {@link dev.agentfsm.runtime.Inbox}) with what it returned or threw, what the step changed in the context and on the
 * blackboard, and forces it to the device ({@link Durability#SYNC}). A resumed session runs its code
 * again from the start, but the steps the journal holds are replayed: their calls return the recorded
 * results instead of reaching the model, the device or the user, so no completed LLM call or action
 * happens twice, and the agent's own state is rebuilt exactly. Each replayed step must make the same
 * calls and the same move as recorded; otherwise resuming stops with a
 * {@link JournalException.Kind#DIVERGED} error. The session continues live at the first step the
 * journal does not hold.
 *
 * <p>A step cut off in the middle (the process died during it) is not in the journal and runs again:
 * its LLM calls are made again, and its actions come again with the same {@link ActionId} when the step
 * asks for the same action at the same point, so a driver can skip a repeat
 * ({@link DeviceDriver#execute(Action, Duration, ActionId)}). Listeners hear only what happens after
 * the journal's last record: replayed steps are not announced again.
 *
 * <p>A session that suspended at a wait ({@code UserChannel.suspending()}, the outcome
 * {@code SUSPENDED}) has its wait recorded with what the waiting step did before it: a later process
 * reads it with {@link #waiting()}, gives the reply with {@link #answer}, {@link #confirm} or
 * {@link #deliver} (written before anything runs, so it is given once), and resumes the session, which
 * goes on from the wait without making any of those calls again.
 *
 * <p>Calls made through the wrappers outside a step (before the session runs) reach the real client
 * and are not recorded. A journal serves one session in one process at a time: it holds its store's claim
 * on the journal (a file's lock) until it is closed.
 *
 * <p>In a store ({@link #create(JournalStore, String)}, {@link #open(JournalStore, String)}), a journal is
 * named; {@code Journal.create(path)} is the journal named as the file in a {@link
 * JournalStore#directory} store of its directory, in the same format.
 */
public final class Journal implements SessionRecorder, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Journal.class);

    /** The journal, for messages: its file, or its store and name ({@link JournalStore#where}). */
    private final String path;
    /** The journal's file, when its store is a directory. */
    private final Optional<Path> asFile;
    /** Where the records go: the store's claim on the journal. */
    private final JournalLog log;

    private final Optional<JournalRecord.Header> recordedHeader;
    /** The records after the header that a resumed session replays, in file order. */
    private final List<JournalRecord> toReplay;

    private final long droppedBytes;
    /** The wait the session suspended at, when the journal ends at one (superseded waits left out). */
    private Optional<JournalRecord.Waiting> pending;
    /** The reply to {@link #pending}, once given. */
    private Optional<JournalRecord.Answered> answered;

    private int cursor;
    private boolean attached;
    private String session = "";
    private Optional<JournalStep> step = Optional.empty();
    private final JournaledCalls calls = new JournaledCalls(this);
    private final JournalInterceptor interceptor = new JournalInterceptor(this);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** A device call's kind: the device and the operation, e.g. {@code desktop.click}. */
    private static final Pattern DEVICE_KIND = Pattern.compile("[a-z][a-zA-Z0-9]*(\\.[a-z][a-zA-Z0-9]*)+");

    private Journal(
            String path,
            Optional<Path> asFile,
            JournalLog log,
            Optional<JournalRecord.Header> header,
            List<JournalRecord> records,
            long droppedBytes) {
        this.path = path;
        this.asFile = asFile;
        this.log = log;
        this.recordedHeader = header;
        this.droppedBytes = droppedBytes;
        // a wait is superseded by the step's record once it completed, or by a later wait of the same step
        List<JournalRecord> replay = new ArrayList<>();
        Optional<JournalRecord.Waiting> waiting = Optional.empty();
        Optional<JournalRecord.Answered> reply = Optional.empty();
        for (JournalRecord record : records) {
            if (record instanceof JournalRecord.Waiting w) {
                waiting = Optional.of(w);
                reply = Optional.empty();
            } else if (record instanceof JournalRecord.Answered a) {
                reply = waiting.map(w -> a);
            } else {
                if (!(record instanceof JournalRecord.Requests)) {
                    waiting = Optional.empty();
                    reply = Optional.empty();
                }
                replay.add(record);
            }
        }
        waiting.ifPresent(replay::add);
        this.toReplay = List.copyOf(replay);
        this.pending = waiting;
        this.answered = reply;
    }

    /**
     * Starts a new journal in {@code file}, forcing each record to the device ({@link Durability#SYNC}).
     *
     * @throws JournalException if the file exists and is not empty: a journal is never overwritten
     * @throws IOException if the file cannot be created
     */
    public static Journal create(Path file) throws IOException {
        return create(file, Durability.SYNC);
    }

    /**
     * Starts a new journal in {@code file}.
     *
     * @throws JournalException if the file exists and is not empty: a journal is never overwritten
     * @throws IOException if the file cannot be created
     */
    public static Journal create(Path file, Durability durability) throws IOException {
        return create(FileJournalStore.of(file, durability), FileJournalStore.name(file), Optional.empty());
    }

    /**
     * Starts a new keyed journal in {@code file}: each record carries an HMAC-SHA256 under {@code key},
     * chained to the record before it, and only a process with the same key resumes it
     * ({@link #open(Path, Durability, JournalKey)}).
     *
     * @throws JournalException if the file exists and is not empty, or is a symbolic link
     * @throws IOException if the file cannot be created
     */
    public static Journal create(Path file, Durability durability, JournalKey key) throws IOException {
        Objects.requireNonNull(key, "key");
        return create(FileJournalStore.of(file, durability), FileJournalStore.name(file), Optional.of(key));
    }

    /**
     * Starts the new journal {@code journal} in {@code store}, claiming it until the journal is closed; each
     * record is kept as durably as the store promises before the session goes on.
     *
     * @throws JournalException ({@link JournalException.Kind#MISUSE}) if the journal holds records: a journal
     *     is never overwritten; ({@link JournalException.Kind#IN_USE}) if another session holds it
     * @throws IOException if the store cannot be written
     */
    public static Journal create(JournalStore store, String journal) throws IOException {
        return create(store, journal, Optional.empty());
    }

    /**
     * Starts the new keyed journal {@code journal} in {@code store}; see {@link #create(JournalStore, String)}
     * and {@link #create(Path, Durability, JournalKey)}.
     *
     * @throws JournalException as {@link #create(JournalStore, String)}
     * @throws IOException if the store cannot be written
     */
    public static Journal create(JournalStore store, String journal, JournalKey key) throws IOException {
        return create(store, journal, Optional.of(Objects.requireNonNull(key, "key")));
    }

    private static Journal create(JournalStore store, String journal, Optional<JournalKey> key) throws IOException {
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(journal, "journal");
        return new Journal(
                store.where(journal),
                asFile(store, journal),
                JournalLog.create(store, journal, key),
                Optional.empty(),
                List.of(),
                0);
    }

    /**
     * Opens a journal to resume its session ({@link Session#resume}), forcing each new record to the
     * device. Every record is checked; a torn last record (the process died while writing it) is cut
     * off, and the step it was writing runs again.
     *
     * @throws JournalException ({@link JournalException.Kind#CORRUPT}) naming a damaged record before the
     *     last one, or a header of a format this runtime does not read (another agent-fsm version wrote the
     *     journal; it is left as it is); ({@link JournalException.Kind#EMPTY}) if it holds no complete record
     * @throws IOException if the file cannot be read or written
     */
    public static Journal open(Path file) throws IOException {
        return open(file, Durability.SYNC);
    }

    /**
     * Opens a journal to resume its session; see {@link #open(Path)}.
     *
     * @throws JournalException ({@link JournalException.Kind#CORRUPT}) naming a damaged record before the
     *     last one, or a header of a format this runtime does not read (another agent-fsm version wrote the
     *     journal; it is left as it is); ({@link JournalException.Kind#EMPTY}) if it holds no complete record
     * @throws IOException if the file cannot be read or written
     */
    public static Journal open(Path file, Durability durability) throws IOException {
        return open(file, durability, Optional.empty());
    }

    /**
     * Opens a keyed journal to resume its session: every record's MAC must match under {@code key}, so a
     * record edited with its checksum recomputed, put in or moved from another journal is refused
     * ({@link JournalException.Kind#UNAUTHENTIC}) naming it; the records written from now on carry MACs
     * too. See {@link #open(Path)}.
     *
     * @throws JournalException as {@link #open(Path)}, and ({@link JournalException.Kind#UNAUTHENTIC})
     *     naming the first record whose MAC is missing or wrong
     * @throws IOException if the file cannot be read or written
     */
    public static Journal open(Path file, Durability durability, JournalKey key) throws IOException {
        return open(file, durability, Optional.of(Objects.requireNonNull(key, "key")));
    }

    private static Journal open(Path file, Durability durability, Optional<JournalKey> key) throws IOException {
        return open(FileJournalStore.of(file, durability), FileJournalStore.name(file), key);
    }

    /**
     * Opens the journal {@code journal} of {@code store} to resume its session ({@link Session#resume}), on
     * this machine or another, claiming it until the journal is closed; see {@link #open(Path)}.
     *
     * @throws JournalException ({@link JournalException.Kind#IN_USE}) if another session holds it, naming the
     *     holder where the store knows it; as {@link #open(Path)}
     * @throws IOException if the store cannot be read or written
     */
    public static Journal open(JournalStore store, String journal) throws IOException {
        return open(store, journal, Optional.empty());
    }

    /**
     * Opens the keyed journal {@code journal} of {@code store} to resume its session; see {@link
     * #open(JournalStore, String)} and {@link #open(Path, Durability, JournalKey)}.
     *
     * @throws JournalException as {@link #open(JournalStore, String)} and {@link #open(Path, Durability,
     *     JournalKey)}
     * @throws IOException if the store cannot be read or written
     */
    public static Journal open(JournalStore store, String journal, JournalKey key) throws IOException {
        return open(store, journal, Optional.of(Objects.requireNonNull(key, "key")));
    }

    private static Journal open(JournalStore store, String journal, Optional<JournalKey> key) throws IOException {
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(journal, "journal");
        JournalLog.Opened opened = JournalLog.open(store, journal, key);
        List<JournalRecord> records = opened.records();
        if (opened.droppedBytes() > 0) {
            LOG.warn(
                    "journal {}: dropped a torn last record ({} bytes after record {}, at byte {}); the step it was"
                            + " writing had not completed and runs again",
                    store.where(journal),
                    opened.droppedBytes(),
                    records.size(),
                    opened.log().bytes());
        }
        JournalRecord.Header header = (JournalRecord.Header) records.get(0);
        return new Journal(
                store.where(journal),
                asFile(store, journal),
                opened.log(),
                Optional.of(header),
                records.subList(1, records.size()),
                opened.droppedBytes());
    }

    private static Optional<Path> asFile(JournalStore store, String journal) {
        return store instanceof FileJournalStore files ? Optional.of(files.file(journal)) : Optional.empty();
    }

    /**
     * The journal's file.
     *
     * @throws IllegalStateException if the journal is not a file: it is in another store ({@link #where()}
     *     names it)
     */
    public Path file() {
        return asFile.orElseThrow(() -> new IllegalStateException(
                "journal " + path + " is not a file: it is kept in a store of another kind; where() names it"));
    }

    /** {@code client}, recording each reply in the current step and replaying recorded ones on resume. */
    public LlmClient llm(LlmClient client) {
        return calls.llm(Objects.requireNonNull(client, "client"));
    }

    /**
     * {@code driver}, recording each observation and action of the current step and replaying recorded
     * ones on resume; each action reaches the driver with its {@link ActionId}.
     */
    public DeviceDriver driver(DeviceDriver driver) {
        return calls.driver(Objects.requireNonNull(driver, "driver"));
    }

    /** {@code channel}, recording each answer and decision of the current step and replaying recorded ones on resume. */
    public UserChannel user(UserChannel channel) {
        return calls.user(Objects.requireNonNull(channel, "channel"));
    }

    /**
     * A call to a device through an interface of its own rather than a {@link DeviceDriver} (the Windows
     * agents' desktop and screen): made now and recorded in the current step as {@code kind} with
     * {@code request} and what {@code codec} writes of its result or the {@link DriverException} it threw;
     * on resume, the recorded result is returned (read back by {@code codec}) or the recorded exception
     * thrown, and the device is not reached. A replayed call must be of the recorded kind and ask what was
     * recorded, or resuming stops ({@link JournalException.Kind#DIVERGED}). As through {@link #driver}, a call
     * between the steps of the session is made and not recorded.
     *
     * @param kind the device and the operation, such as {@code desktop.click}: names that start with a
     *     lower-case letter, joined by dots (so no kind of the journal's own calls, which have none)
     * @param request the call's arguments, written as the journal writes values (records by component)
     * @throws IllegalArgumentException if {@code kind} has no dot or is not such names
     */
    public <T> T call(String kind, Object request, DeviceCall.Codec<T> codec, DeviceCall<T> call)
            throws DriverException {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(codec, "codec");
        Objects.requireNonNull(call, "call");
        if (!DEVICE_KIND.matcher(kind).matches()) {
            throw new IllegalArgumentException("a device call's kind names the device and the operation, such as"
                    + " desktop.click (names that start with a lower-case letter, joined by dots); got \"" + kind
                    + "\"");
        }
        return calls.device(kind, JournalValues.canonical(request), codec, call);
    }

    /** The session's id, once the journal has one: from its header, or from the session it was given to. */
    public synchronized Optional<String> session() {
        if (!session.isEmpty()) {
            return Optional.of(session);
        }
        return recordedHeader.map(JournalRecord.Header::session);
    }

    /** The completed steps the journal held when it was opened, which a resumed session replays. */
    public int recordedSteps() {
        return (int)
                toReplay.stream().filter(r -> r instanceof JournalRecord.Step).count();
    }

    /**
     * How many model calls the completed steps the journal held when it was opened made (answered or
     * failed): the replies a resumed session takes from the journal instead of the model, so that a
     * recorded conversation replayed as the model ({@code run --replay}) goes on after them.
     */
    public int recordedModelCalls() {
        return (int) toReplay.stream()
                .flatMap(r -> r instanceof JournalRecord.Step s
                        ? s.calls().stream()
                        : r instanceof JournalRecord.Waiting w ? w.calls().stream() : Stream.empty())
                .filter(call -> "llm".equals(call.path("kind").asText()))
                .count();
    }

    /**
     * The wait the journal's session is suspended at and that no reply has answered yet: what it waits
     * for ({@link Waiting.Kind}), the question, action or state ({@link Waiting#prompt()}, text that may
     * come from a model: escape it before showing it), and where. Empty when the session is not suspended
     * (it ran to its end, was cut off by a crash, or was answered already).
     */
    public synchronized Optional<Waiting> waiting() {
        if (answered.isPresent()) {
            return Optional.empty();
        }
        return pending.map(
                w -> new Waiting(Waiting.Kind.valueOf(w.kind()), w.prompt(), w.state(), w.round(), w.step()));
    }

    /**
     * Answers the question the session is suspended at ({@link Waiting.Kind#ANSWER}): the reply is written now,
     * with the journal's durability (forced under SYNC and GROUP), so it is given once; resume the session with {@link Session#resume} to go on.
     *
     * @throws JournalException ({@link JournalException.Kind#NOT_WAITING}) if the session does not wait for
     *     an answer, or its wait was answered already; ({@link JournalException.Kind#MISUSE}) once a session
     *     resumed the journal
     */
    public synchronized void answer(String text) {
        Objects.requireNonNull(text, "text");
        JournalRecord.Waiting waiting = waitingFor(Waiting.Kind.ANSWER, "answer(text)");
        reply(JournaledCalls.askCall(waiting.prompt(), new Answer.Given(text)));
    }

    /**
     * Decides on the action the session is suspended at ({@link Waiting.Kind#DECISION}); see
     * {@link #answer(String)}.
     *
     * @throws JournalException as {@link #answer(String)}
     * @throws IllegalArgumentException for {@link Decision#TIMED_OUT}, which a person does not give
     */
    public synchronized void confirm(Decision decision) {
        Objects.requireNonNull(decision, "decision");
        if (decision == Decision.TIMED_OUT) {
            throw new IllegalArgumentException(
                    "a decision given to a suspended session is APPROVED or REJECTED, not " + decision);
        }
        JournalRecord.Waiting waiting = waitingFor(Waiting.Kind.DECISION, "confirm(decision)");
        reply(JournaledCalls.confirmCall(waiting.prompt(), decision));
    }

    /**
     * Delivers the event the session is suspended waiting for ({@link Waiting.Kind#EVENT}); see
     * {@link #answer(String)}.
     *
     * @throws JournalException as {@link #answer(String)}
     */
    public synchronized void deliver(Event event) {
        Objects.requireNonNull(event, "event");
        waitingFor(Waiting.Kind.EVENT, "deliver(event)");
        reply(JournaledCalls.eventCall(event));
    }

    private JournalRecord.Waiting waitingFor(Waiting.Kind kind, String method) {
        if (attached) {
            throw new JournalException(
                    JournalException.Kind.MISUSE,
                    path,
                    0,
                    "journal " + path + " is resumed by session " + session + " already; give the reply before"
                            + " session.resume(journal)");
        }
        if (pending.isEmpty()) {
            throw new JournalException(
                    JournalException.Kind.NOT_WAITING,
                    path,
                    0,
                    "journal " + path + " holds no session waiting for a reply ("
                            + (recordedHeader.isEmpty() ? "it was just created" : "its last record is not a wait")
                            + "), so " + method + " has nothing to answer; nothing was written. Resume it without"
                            + " a reply");
        }
        JournalRecord.Waiting waiting = pending.get();
        if (answered.isPresent()) {
            throw new JournalException(
                    JournalException.Kind.NOT_WAITING,
                    path,
                    answered.get().number(),
                    "journal " + path + ": the wait of step " + waiting.step() + " of round " + waiting.round()
                            + " in " + waiting.state() + " was answered already (record "
                            + answered.get().number()
                            + "); nothing was written. Resume it without a reply");
        }
        if (!waiting.kind().equals(kind.name())) {
            throw new JournalException(
                    JournalException.Kind.NOT_WAITING,
                    path,
                    waiting.number(),
                    "journal " + path + ": the session waits in " + waiting.state() + " for "
                            + Waiting.Kind.valueOf(waiting.kind()).name().toLowerCase(Locale.ROOT)
                            + " (record " + waiting.number() + "), not for what " + method
                            + " gives; nothing was written. Reply with "
                            + switch (Waiting.Kind.valueOf(waiting.kind())) {
                                case ANSWER -> "answer(text)";
                                case DECISION -> "confirm(decision)";
                                case EVENT -> "deliver(event)";
                            });
        }
        return waiting;
    }

    private void reply(ObjectNode call) {
        JournalRecord.Answered reply = new JournalRecord.Answered(log.records() + 1, call);
        write(reply);
        answered = Optional.of(reply);
    }

    /** Whether a resumed session is still replaying recorded steps. */
    public synchronized boolean replaying() {
        return peek().isPresent();
    }

    /** How many bytes of a torn last record were cut off when the journal was opened; 0 when none. */
    public long droppedBytes() {
        return droppedBytes;
    }

    /** How many bytes the journal holds now, as lines of a file (its file's size). */
    public long bytes() {
        return log.bytes();
    }

    /** How many records the journal holds now. */
    public int records() {
        return log.records();
    }

    /** Closes the journal, releasing its store's claim (a file's lock); what was written stays. */
    @Override
    public void close() throws IOException {
        log.close();
    }

    @Override
    public String toString() {
        return "Journal[" + path + "]";
    }

    // ---- the session's side (SessionRecorder): called by the session, its rounds and its inbox ----

    /** A new session writes this journal: its header goes out now. For the session. */
    @Override
    public synchronized void start(StateManager<?, ?> machine, RuntimeConfig config, String sessionId) {
        checkNotAttached();
        if (recordedHeader.isPresent()) {
            throw new JournalException(
                    JournalException.Kind.MISUSE,
                    path,
                    1,
                    "journal " + path + " already holds"
                            + " session " + recordedHeader.get().session() + "; resume it with session.resume(journal)"
                            + " (the session built without .recorder(...)), or create a new journal for a new session");
        }
        attached = true;
        session = sessionId;
        write(new JournalRecord.Header(
                1,
                JournalFile.FORMAT,
                sessionId,
                machine.name(),
                Fingerprint.of(machine),
                Fingerprint.machines(machine),
                config.maxStep(),
                config.maxRound(),
                Instant.now()));
    }

    /**
     * A session resumes this journal: its machines and settings must be the ones that wrote it. For the
     * session.
     *
     * @return the session's id and requests
     */
    @Override
    public synchronized Recorded resume(StateManager<?, ?> machine, RuntimeConfig config) {
        checkNotAttached();
        JournalRecord.Header header = recordedHeader.orElseThrow(() -> new JournalException(
                JournalException.Kind.MISUSE,
                path,
                0,
                "journal " + path + " was created for a new session, not opened"
                        + " to resume one; open it with Journal.open(path) to resume what it holds"));
        String fingerprint = Fingerprint.of(machine);
        if (!header.machine().equals(machine.name())) {
            throw new JournalException(
                    JournalException.Kind.OTHER_MACHINES,
                    path,
                    1,
                    "journal " + path + " was"
                            + " written by other machines than these: it records " + header.machine() + " "
                            + header.machines()
                            + " with fingerprint " + header.fingerprint() + ", and this session runs " + machine.name()
                            + " "
                            + Fingerprint.machines(machine) + " with fingerprint " + fingerprint
                            + ". A session resumes only a journal of its own machine; nothing was resumed. Resume it"
                            + " with a session of " + header.machine() + ", or start a new session");
        }
        // another version of the machine resumes the journal when it can replay every recorded step
        Optional<Compatibility.Incompatible> incompatible = Compatibility.firstIncompatible(toReplay, machine);
        if (incompatible.isPresent()) {
            int record = incompatible.get().record().number();
            throw new JournalException(
                    JournalException.Kind.OTHER_MACHINES,
                    path,
                    record,
                    "journal " + path + ", record " + record + ": "
                            + incompatible.get().why()
                            + (header.fingerprint().equals(fingerprint)
                                    ? ". The journal says it was written by this version of " + header.machine()
                                            + " (fingerprint " + fingerprint + "), yet records what it does not declare"
                                    : ". The journal was written by another version of " + header.machine()
                                            + " (fingerprint " + header.fingerprint() + "; this session's is "
                                            + fingerprint + ")")
                            + ", and a session resumes it only while every state its steps entered still exists and"
                            + " every move they took is still declared and still taken there (a state ends the round"
                            + " where they ended one, and times out to where they timed out) and every status a step"
                            + " was refused is still refused, so its steps cannot be"
                            + " replayed; nothing was resumed. Resume it with the build that wrote it, declare that"
                            + " state or move again (with its endsRound and @Timeout as they were), or start a new"
                            + " session");
        }
        if (!header.fingerprint().equals(fingerprint)) {
            LOG.info(
                    "journal {} was written by another version of {} (fingerprint {}; this session's is {}); its"
                            + " recorded steps replay on it (their states and moves are declared, round ends, time-outs"
                            + " and refused statuses as they were), so it resumes",
                    path,
                    header.machine(),
                    header.fingerprint(),
                    fingerprint);
        }
        if (header.maxStep() != config.maxStep() || header.maxRound() != config.maxRound()) {
            throw new JournalException(
                    JournalException.Kind.OTHER_MACHINES,
                    path,
                    1,
                    "journal " + path + " was"
                            + " written by a session with maxStep " + header.maxStep() + " and maxRound "
                            + header.maxRound()
                            + "; this session has maxStep " + config.maxStep() + " and maxRound " + config.maxRound()
                            + ", with which its steps would not replay alike. Resume it with the settings it was started with"
                            + " (maxStep: " + header.maxStep() + ", maxRound: " + header.maxRound() + ")");
        }
        attached = true;
        session = header.session();
        return new Recorded(session, recordedRequests());
    }

    /** The requests the journal held when it was opened, in order: what a resumed session runs. */
    public List<String> recordedRequests() {
        List<String> requests = new ArrayList<>();
        for (JournalRecord record : toReplay) {
            if (record instanceof JournalRecord.Requests r) {
                requests.addAll(r.requests());
            }
        }
        return requests;
    }

    /**
     * The session was given requests to run: recorded when live; replayed ones are in the journal
     * already. For the session.
     */
    @Override
    public synchronized void requests(List<String> requests) {
        if (peek().isEmpty()) {
            write(new JournalRecord.Requests(log.records() + 1, requests));
        }
    }

    /** A step begins: replayed when the journal holds it, live otherwise. */
    synchronized void beginStep(
            int round, int roundStep, int sessionStep, Agent agent, Status status, Context context) {
        Optional<JournalRecord.Step> recorded = Optional.empty();
        Optional<JournalRecord.Waiting> resumed = Optional.empty();
        Optional<JournalRecord> next = peek();
        if (next.isPresent()) {
            if (next.get() instanceof JournalRecord.Step s
                    && s.round() == round
                    && s.step() == roundStep
                    && s.state().equals(status.qualifiedName())) {
                recorded = Optional.of(s);
            } else if (next.get() instanceof JournalRecord.Waiting w
                    && w.round() == round
                    && w.step() == roundStep
                    && w.state().equals(status.qualifiedName())) {
                // the step that suspended: what it did before its wait replays, then it goes on live
                resumed = Optional.of(w);
                cursor++;
            } else {
                throw diverged(
                        next.get().number(),
                        "the replay entered " + status.qualifiedName() + " as step " + roundStep + " of round " + round
                                + ", but the journal's next record is " + describe(next.get()));
            }
        }
        List<JsonNode> replayedFirst = new ArrayList<>();
        resumed.ifPresent(w -> {
            replayedFirst.addAll(w.calls());
            answered.ifPresent(a -> replayedFirst.add(a.call()));
        });
        step = Optional.of(new JournalStep(
                round, roundStep, sessionStep, agent, status, recorded, resumed, replayedFirst, context));
    }

    /** Whether the state's time-out ran out: as recorded for a replayed step, {@code live} otherwise. For the session's inbox. */
    @Override
    public synchronized boolean timedOut(boolean live) {
        JournalStep run = step.orElseThrow();
        run.timedOut = run.recorded.map(JournalRecord.Step::timedOut).orElse(live);
        return run.timedOut;
    }

    /**
     * The step completed, moving to {@code moved} or ending the round as {@code ended}: a live step is
     * written and forced; a replayed one must have done what the journal says.
     */
    synchronized void endStep(
            Optional<JournalRecord.Moved> moved, Optional<Outcome> ended, Optional<String> refused, Context context) {
        JournalStep run = step.orElseThrow();
        step = Optional.empty();
        Optional<String> endedAs = ended.map(Outcome::name);
        if (run.recorded.isPresent()) {
            JournalRecord.Step recorded = run.recorded.get();
            if (!recorded.moved().equals(moved) || !recorded.ended().equals(endedAs)) {
                String replayed = moved.map(m -> "moved to " + m.to() + " by " + m.trigger())
                        .orElseGet(() -> "ended the round as " + endedAs.orElseThrow());
                throw diverged(
                        recorded.number(),
                        "the replayed step " + run.roundStep + " of round " + run.round + " in "
                                + run.status.qualifiedName() + " " + replayed + ", but the journal says it "
                                + recorded.describeEnd());
            }
            if (run.nextCall != recorded.calls().size()) {
                throw diverged(
                        recorded.number(),
                        "the replayed step " + run.roundStep + " of round " + run.round
                                + " made " + run.nextCall + " calls, but the journal recorded "
                                + recorded.calls().size()
                                + " (" + kinds(recorded.calls())
                                + "); are the agent's model, device and user wrapped with"
                                + " this journal's llm(...), driver(...) and user(...)?");
            }
            cursor++;
            return;
        }
        checkResumedCalls(run);
        write(run.record(log.records() + 1, moved, endedAs, refused, context));
        if (run.resumedFrom.isPresent()) {
            pending = Optional.empty();
            answered = Optional.empty();
        }
    }

    /**
     * The step stopped at {@code waiting} (its session suspended): what it did before the wait is written
     * with the wait, unless it is the wait the journal holds already, unanswered.
     */
    synchronized void suspendStep(Waiting waiting) {
        JournalStep run = step.orElseThrow();
        step = Optional.empty();
        if (run.recorded.isPresent()) {
            throw diverged(
                    run.recorded.get().number(),
                    "the replayed step " + run.roundStep + " of round " + run.round + " in "
                            + run.status.qualifiedName()
                            + " stopped at a wait for " + waiting.kind() + " (" + waiting.prompt()
                            + "), but the journal says it " + run.recorded.get().describeEnd());
        }
        checkResumedCalls(run);
        boolean sameWait = run.resumedFrom
                .filter(w -> answered.isEmpty()
                        && w.calls().equals(run.calls)
                        && w.kind().equals(waiting.kind().name())
                        && w.prompt().equals(waiting.prompt()))
                .isPresent();
        if (sameWait) {
            return;
        }
        JournalRecord.Waiting record = new JournalRecord.Waiting(
                log.records() + 1,
                run.round,
                run.roundStep,
                run.sessionStep,
                run.agent,
                run.status.qualifiedName(),
                run.calls,
                waiting.kind().name(),
                waiting.prompt());
        write(record);
        pending = Optional.of(record);
        answered = Optional.empty();
    }

    /** A resumed step must make at least the calls it made before its wait, as recorded, before it ends or waits again. */
    private void checkResumedCalls(JournalStep run) {
        if (run.resumedFrom.isPresent() && run.nextCall < run.replayedFirst.size()) {
            throw diverged(
                    run.resumedFrom.get().number(),
                    "the resumed step " + run.roundStep + " of round " + run.round + " made " + run.nextCall
                            + " calls before it ended, but the journal recorded " + run.replayedFirst.size()
                            + " before its wait and the reply (" + kinds(run.replayedFirst) + ")");
        }
    }

    /** The step did not complete (the round was cancelled during it): nothing is written, and on resume it runs again. */
    synchronized void abandonStep() {
        step = Optional.empty();
    }

    /** Whether the current step is a replayed one, whose transition the listeners heard before. */
    synchronized boolean stepReplayed() {
        return step.map(s -> s.recorded.isPresent()).orElse(false);
    }

    /** During a replay, how the journal says round {@code round} ended here, if it ended here. */
    synchronized Optional<JournalRecord.RoundEnd> recordedEnd(int round) {
        return peek().filter(r -> r instanceof JournalRecord.RoundEnd e && e.round() == round)
                .map(JournalRecord.RoundEnd.class::cast);
    }

    /** The round ended: a replayed end is checked off, a live one written. */
    synchronized void roundEnded(int round, RoundResult result) {
        if (result.suspended()) {
            return; // the round goes on when the session is resumed: its wait is written, its end is not
        }
        Optional<JournalRecord> next = peek();
        if (next.isPresent()) {
            if (next.get() instanceof JournalRecord.RoundEnd e && e.round() == round) {
                cursor++;
                return;
            }
            throw diverged(
                    next.get().number(),
                    "the replayed round " + round + " ended as " + result.outcome()
                            + " after " + result.steps() + " steps (" + result.reason()
                            + "), but the journal's next record is "
                            + describe(next.get()));
        }
        write(new JournalRecord.RoundEnd(
                log.records() + 1,
                round,
                result.outcome().name(),
                result.reason(),
                result.qualifiedPath(),
                result.result()));
    }

    /** The interceptor that records and replays each step. For the session. */
    @Override
    public StepInterceptor steps() {
        return interceptor;
    }

    /** How replayed rounds ended, and where their ends are written. For the session's rounds. */
    @Override
    public RoundHooks rounds() {
        return interceptor;
    }

    /** An event for the inbox's waiting state, recorded or replayed. For the session's inbox. */
    @Override
    public Event await(LiveInbox inbox) throws InterruptedException {
        return calls.awaitEvent(inbox);
    }

    /** An event if one is there, recorded or replayed. For the session's inbox. */
    @Override
    public Optional<Event> poll(LiveInbox inbox) {
        return calls.pollEvent(inbox);
    }

    /** The journal, for messages: its file, or its store and name. */
    @Override
    public String where() {
        return path;
    }

    /**
     * The recorded call the current replayed step makes next, checked against what is asked; empty when
     * the call is live (the step is live, or no step runs).
     */
    synchronized Optional<JsonNode> replayed(String kind, Optional<JsonNode> request) {
        if (!attached) {
            throw new JournalException(
                    JournalException.Kind.MISUSE,
                    path,
                    0,
                    "a " + kind + " call went through journal "
                            + path + ", which no session writes: give the journal to the session"
                            + " (Session.of(...).recorder(journal), or session.resume(journal)) that runs this agent");
        }
        if (step.isEmpty()) {
            return Optional.empty();
        }
        JournalStep run = step.get();
        if (run.recorded.isEmpty()) {
            // a resumed step replays what it did before its wait (and the reply), then goes on live
            if (run.nextCall >= run.replayedFirst.size()) {
                return Optional.empty();
            }
            JsonNode call = replayedCall(
                    run, run.replayedFirst, run.resumedFrom.orElseThrow().number(), kind, request);
            run.calls.add(call);
            return Optional.of(call);
        }
        JournalRecord.Step recorded = run.recorded.get();
        return Optional.of(replayedCall(run, recorded.calls(), recorded.number(), kind, request));
    }

    /** The next of {@code calls} (of record {@code number}), checked against what the replayed step asks. */
    private JsonNode replayedCall(
            JournalStep run, List<JsonNode> calls, int number, String kind, Optional<JsonNode> request) {
        int index = run.nextCall++;
        if (index >= calls.size()) {
            throw diverged(
                    number,
                    "the replayed step " + run.roundStep + " of round " + run.round + " in "
                            + run.status.qualifiedName() + " made call " + index + " (" + kind
                            + "), but the journal recorded "
                            + calls.size() + " calls (" + kinds(calls) + ")");
        }
        JsonNode call = calls.get(index);
        String recordedKind = call.path("kind").asText();
        if (!recordedKind.equals(kind)) {
            throw diverged(
                    number,
                    "call " + index + " of the replayed step " + run.roundStep + " of round " + run.round + " is "
                            + kind + ", but the journal recorded " + recordedKind + " there");
        }
        JsonNode recordedRequest = kind.equals("action") ? call.path("action") : call.path("request");
        Optional<String> difference = request.flatMap(asked -> JournalValues.firstDifference(asked, recordedRequest));
        if (difference.isPresent()) {
            throw diverged(
                    number,
                    "call " + index + " (" + kind + ") of the replayed step " + run.roundStep + " of round " + run.round
                            + " asks something else than the journal recorded, first at " + difference.get()
                            + " (asked vs recorded)");
        }
        return call;
    }

    /** Adds a live call to the current step; a call outside any step is not recorded. */
    synchronized void record(ObjectNode call) {
        step.ifPresent(run -> {
            run.calls.add(call);
            run.nextCall++;
        });
    }

    /** The id of the action the current live step is about to run, from the call's index and the action's digest. */
    synchronized Optional<ActionId> actionId(String digest) {
        return step.map(run -> new ActionId(session, run.sessionStep, run.nextCall, digest));
    }

    private void write(JournalRecord record) {
        try {
            log.write(record);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "journal " + path + " could not record " + describe(record) + ": " + e.getMessage()
                            + "; the session stopped, since what it does next could not be resumed",
                    e);
        }
    }

    /** The next record to replay, skipping the requests (a resumed session has read them all). */
    private Optional<JournalRecord> peek() {
        while (cursor < toReplay.size() && toReplay.get(cursor) instanceof JournalRecord.Requests) {
            cursor++;
        }
        return cursor < toReplay.size() ? Optional.of(toReplay.get(cursor)) : Optional.empty();
    }

    private void checkNotAttached() {
        if (attached) {
            throw new JournalException(
                    JournalException.Kind.MISUSE,
                    path,
                    0,
                    "journal " + path + " is already written" + " by session " + session
                            + "; a journal serves one session");
        }
    }

    /** The number of the record the current step replays. */
    synchronized int replayedRecord() {
        return step.flatMap(run -> run.recorded).map(JournalRecord.Step::number).orElse(0);
    }

    JournalException diverged(int record, String what) {
        return new JournalException(
                JournalException.Kind.DIVERGED,
                path,
                record,
                "journal " + path + ", record "
                        + record + ": " + what
                        + ". The agent's code, its settings or what its wrappers return changed since"
                        + " the journal was written, so resuming stopped here rather than continue from a different"
                        + " history. Resume with the build and inputs that wrote it, or start a new session");
    }

    private static String describe(JournalRecord record) {
        if (record instanceof JournalRecord.Step s) {
            return "record " + s.number() + ", step " + s.step() + " of round " + s.round() + " in " + s.state()
                    + " (it " + s.describeEnd() + ")";
        }
        if (record instanceof JournalRecord.RoundEnd e) {
            return "record " + e.number() + ", the end of round " + e.round() + " as " + e.outcome();
        }
        if (record instanceof JournalRecord.Requests r) {
            return "record " + r.number() + ", the requests " + r.requests();
        }
        if (record instanceof JournalRecord.Waiting w) {
            return "record " + w.number() + ", the wait of step " + w.step() + " of round " + w.round() + " in "
                    + w.state() + " for " + w.kind().toLowerCase(Locale.ROOT);
        }
        if (record instanceof JournalRecord.Answered a) {
            return "record " + a.number() + ", the reply to the wait ("
                    + a.call().path("kind").asText() + ")";
        }
        return "record " + record.number() + ", the header";
    }

    private static String kinds(List<JsonNode> calls) {
        return String.join(
                ", ", calls.stream().map(c -> c.path("kind").asText()).toList());
    }
}
