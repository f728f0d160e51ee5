package dev.agentfsm.runtime;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * What a session's agents share while they work: the request, the current subtask, results and
 * counters, each under a typed {@link Key}. One context belongs to one session; a host and the
 * sub-agents it hands work to see the same context.
 */
public final class Context {

    /**
     * A typed name for a value in a {@link Context}. Keys are compared by identity: declare each one
     * once, as a constant.
     *
     * @param <T> the type of the value
     */
    public static final class Key<T> {
        private final String name;
        private final Supplier<? extends T> defaultValue;

        private Key(String name, Supplier<? extends T> defaultValue) {
            this.name = Objects.requireNonNull(name, "name");
            this.defaultValue = defaultValue;
        }

        /** A key without a default value. */
        public static <T> Key<T> of(String name) {
            return new Key<>(name, null);
        }

        /** A key whose value, when absent, is created by {@code defaultValue} and stored on first use. */
        public static <T> Key<T> withDefault(String name, Supplier<? extends T> defaultValue) {
            return new Key<>(name, Objects.requireNonNull(defaultValue, "defaultValue"));
        }

        /**
         * A step counter's key: like a key with a default, but its default, 0, is its {@link Counter}'s,
         * so it needs no supplier (nor a class for one, loaded with every context).
         */
        private static Key<Integer> counter(String name) {
            return new Key<>(name, null);
        }

        /** The key's name, for logs. */
        public String name() {
            return name;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** The user's request the current round works on. */
    public static final Key<String> REQUEST = Key.of("request");

    /** The subtask a host assigned to the sub-agent now working. */
    public static final Key<String> SUBTASK = Key.of("subtask");

    /**
     * The subtasks finished so far, in order; sub-agents add to it, the host reads it. Use {@link #archive}
     * to add and {@link #previousSubtasks()} to read: the list is synchronized, so another thread that
     * iterates it directly must hold its lock, as {@link Collections#synchronizedList} says.
     */
    // Not a CopyOnWriteArrayList: that copies the whole archive for every subtask a long session ends.
    public static final Key<List<ArchivedSubtask>> PREVIOUS_SUBTASKS =
            Key.withDefault("previous_subtasks", new NewArchive());

    /** The round's answer, promoted from the agent's reply; {@link RoundResult#result()} reports it. */
    public static final Key<String> ROUND_RESULT = Key.of("round_result");

    /**
     * The exception that sent the current round to its machine's {@code onError} state, for that
     * state's exit action (archiving the subtask, the round's result) to say what went wrong; absent
     * when no state threw. The runtime sets it and clears it when a round starts.
     */
    public static final Key<Exception> ERROR = Key.of("error");

    /** Steps taken by the session so far, across its rounds; the runtime keeps it current. */
    public static final Key<Integer> SESSION_STEP = Key.counter("session_step");

    /** Steps taken by the current round so far; the runtime keeps it current. */
    public static final Key<Integer> ROUND_STEP = Key.counter("round_step");

    private final ConcurrentHashMap<Key<?>, Object> values = new ConcurrentHashMap<>();
    // The two step counters live beside the map: a round sets both at every step, and a boxed Integer
    // put into the map costs an allocation and a lock each time. They read and write like any key with
    // a default (see counter()).
    private final Counter roundStep = new Counter();
    private final Counter sessionStep = new Counter();
    // Made on first use: a context that no round runs in (a state's handle called by a test, say) loads
    // no inbox, nor the classes an inbox brings (its cancellation, its exceptions).
    private volatile Inbox inbox;

    /** The external events delivered to the session, for a state that waits for one ({@link Inbox#await()}). */
    public Inbox inbox() {
        Inbox made = inbox;
        return made != null ? made : newInbox();
    }

    private synchronized Inbox newInbox() {
        if (inbox == null) {
            inbox = new Inbox();
        }
        return inbox;
    }

    /** Adds a finished subtask to {@link #PREVIOUS_SUBTASKS}, for the host to read. */
    public void archive(ArchivedSubtask subtask) {
        get(PREVIOUS_SUBTASKS).orElseThrow().add(Objects.requireNonNull(subtask, "subtask"));
    }

    /** The finished subtasks, oldest first; a snapshot. */
    public List<ArchivedSubtask> previousSubtasks() {
        return List.copyOf(get(PREVIOUS_SUBTASKS).orElseThrow());
    }

    /** The value under {@code key}; a key with a default creates and stores it on first use. */
    @SuppressWarnings("unchecked")
    public <T> Optional<T> get(Key<T> key) {
        if (isCounter(key)) {
            return Optional.of((T) Integer.valueOf(counter(key).get()));
        }
        if (key.defaultValue != null) {
            return Optional.of((T) values.computeIfAbsent(key, DefaultOf.INSTANCE));
        }
        return Optional.ofNullable((T) values.get(key));
    }

    /** Makes a key's default value; a class rather than {@code Context::defaultOf}, as the archive's default is. */
    private static final class DefaultOf implements Function<Key<?>, Object> {
        static final DefaultOf INSTANCE = new DefaultOf();

        @Override
        public Object apply(Key<?> key) {
            return nonNull(key.defaultValue.get(), "default value", key.name);
        }
    }

    // A plain check rather than requireNonNull with a message supplier: a context serves a machine's first
    // steps, and a lambda there spins a class of its own at start-up (see the defaults below).
    private static <T> T nonNull(T value, String what, String key) {
        if (value == null) {
            throw new NullPointerException(what + " for context key " + key);
        }
        return value;
    }

    /**
     * The value under {@code key}.
     *
     * @throws IllegalStateException naming the key if it has no value and no default
     */
    public <T> T require(Key<T> key) {
        Optional<T> value = get(key);
        if (value.isEmpty()) {
            throw new IllegalStateException("context has no value for key '" + key.name + "'");
        }
        return value.get();
    }

    /** Stores {@code value} under {@code key}, replacing any earlier value. */
    public <T> Context put(Key<T> key, T value) {
        nonNull(value, "value", key.name);
        if (isCounter(key)) {
            counter(key).set((Integer) value);
        } else {
            values.put(key, value);
        }
        return this;
    }

    /** Replaces the value under {@code key} (its default when absent) with {@code update} applied to it, atomically. */
    @SuppressWarnings("unchecked")
    public <T> T update(Key<T> key, UnaryOperator<T> update) {
        if (isCounter(key)) {
            return (T) (Integer) counter(key).update((UnaryOperator<Integer>) update, key.name);
        }
        return (T) values.compute(key, (k, old) -> {
            T current = old != null ? (T) old : key.defaultValue != null ? key.defaultValue.get() : null;
            return nonNull(update.apply(current), "updated value", key.name);
        });
    }

    /** Removes the value under {@code key}; a key with a default gets it again on its next use. */
    public void remove(Key<?> key) {
        if (isCounter(key)) {
            counter(key).remove();
        } else {
            values.remove(key);
        }
    }

    /**
     * The round took its step {@code roundStep}: sets {@link #ROUND_STEP} to it and adds one to
     * {@link #SESSION_STEP}. For the round's thread, the counters' only writer while it runs.
     */
    void stepTaken(int roundStep) {
        this.roundStep.publish(roundStep);
        sessionStep.publish(sessionStep.get() + 1);
    }

    /**
     * Every value by its key's name, the step counters included: what a session journal records of a
     * step's changes. A copy; changing it changes nothing here.
     */
    public Map<String, Object> valuesByName() {
        return byName();
    }

    /** Every value by its key's name. */
    Map<String, Object> byName() {
        Map<String, Object> named = new HashMap<>();
        // loops and ifs, no lambdas: a journal asks for this at a session's first step, at its cold start
        for (Map.Entry<Key<?>, Object> entry : values.entrySet()) {
            named.put(entry.getKey().name, entry.getValue());
        }
        Optional<Integer> round = roundStep.value();
        if (round.isPresent()) {
            named.put(ROUND_STEP.name, round.get());
        }
        Optional<Integer> session = sessionStep.value();
        if (session.isPresent()) {
            named.put(SESSION_STEP.name, session.get());
        }
        return named;
    }

    // The default above is a class, not a lambda: a context is made before a machine's first step, and
    // a lambda there spins a class of its own at start-up.

    /** The default of {@link #PREVIOUS_SUBTASKS}: a new, empty, synchronized archive. */
    private static final class NewArchive implements Supplier<List<ArchivedSubtask>> {
        @Override
        public List<ArchivedSubtask> get() {
            return Collections.synchronizedList(new ArrayList<>());
        }
    }

    private static boolean isCounter(Key<?> key) {
        return key == ROUND_STEP || key == SESSION_STEP;
    }

    private Counter counter(Key<?> key) {
        return key == ROUND_STEP ? roundStep : sessionStep;
    }

    /**
     * A step counter: absent, like a key with a default before its first use, or a value. Reading an
     * absent counter stores its default, 0, as {@link #get(Key)} does for the other keys.
     */
    private static final class Counter {
        private static final long ABSENT = Long.MIN_VALUE; // no int value: a long holds every int and this

        private final AtomicLong value = new AtomicLong(ABSENT);

        int get() {
            long now = value.get();
            if (now == ABSENT) {
                value.compareAndSet(ABSENT, 0);
                now = value.get();
            }
            return now == ABSENT ? 0 : (int) now; // removed again in between: its default
        }

        Optional<Integer> value() {
            long now = value.get();
            return now == ABSENT ? Optional.empty() : Optional.of((int) now);
        }

        void set(int next) {
            value.set(next);
        }

        /** A write without a fence, for the round's own step: readers on other threads see it soon, and in order. */
        void publish(int next) {
            value.lazySet(next);
        }

        int update(UnaryOperator<Integer> update, String name) {
            while (true) {
                long old = value.get();
                int next = nonNull(update.apply(old == ABSENT ? 0 : (int) old), "updated value", name);
                if (value.compareAndSet(old, next)) {
                    return next;
                }
            }
        }

        void remove() {
            value.set(ABSENT);
        }
    }

    /**
     * A finished subtask as a sub-agent leaves it for its host (UFO's {@code previous_subtasks}).
     *
     * @param subtask what the sub-agent was asked to do
     * @param status the status it ended in ({@code FINISH}, {@code FAIL}, {@code ERROR} of its machine)
     * @param result what it reports back; empty text when it has nothing to say
     */
    public record ArchivedSubtask(String subtask, Status status, String result) {}
}
