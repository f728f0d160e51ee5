package dev.agentfsm.agents.mobile;

import dev.agentfsm.runtime.device.DriverException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * One value kept for a fixed time (UFO's server-side caches): fresh until its time-to-live has passed
 * since it was read, or until it is invalidated. The clock is a parameter so tests can move time.
 *
 * @param <T> the cached value
 */
final class TtlCache<T> {

    /** A value and when it was read from the device. */
    record Entry<T>(T value, Instant readAt) {}

    /** Reads the value from the device. */
    @FunctionalInterface
    interface Loader<T> {
        T load() throws DriverException;
    }

    private final Duration ttl;
    private final Clock clock;
    private Entry<T> entry;
    private boolean invalidated;

    TtlCache(Duration ttl, Clock clock) {
        this.ttl = ttl;
        this.clock = clock;
    }

    /** The cached value if fresh, otherwise a newly loaded one (which is then cached). */
    synchronized Entry<T> get(Loader<T> loader) throws DriverException {
        Optional<Entry<T>> fresh = fresh();
        if (fresh.isPresent()) {
            return fresh.get();
        }
        Instant readAt = clock.instant();
        entry = new Entry<>(loader.load(), readAt);
        invalidated = false;
        return entry;
    }

    /** The cached entry, if there is one and it has not expired or been invalidated. */
    synchronized Optional<Entry<T>> fresh() {
        if (entry == null || invalidated || age(entry).compareTo(ttl) >= 0) {
            return Optional.empty();
        }
        return Optional.of(entry);
    }

    /** The last value read, fresh or not; empty before the first read. */
    synchronized Optional<Entry<T>> last() {
        return Optional.ofNullable(entry);
    }

    /** Whether the last value was invalidated (rather than merely expired). */
    synchronized boolean invalidated() {
        return invalidated;
    }

    /** How long ago {@code entry} was read. */
    Duration age(Entry<T> entry) {
        return Duration.between(entry.readAt(), clock.instant());
    }

    /** The time-to-live. */
    Duration ttl() {
        return ttl;
    }

    /** Forgets the value: the next {@link #get} reads the device again. */
    synchronized void invalidate() {
        invalidated = true;
    }
}
