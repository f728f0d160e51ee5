package dev.agentfsm.agents.linux.mcp;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * The HTTP server's live sessions, as the guard in front of the SDK sees them: at most a number at
 * once (a new one is reserved before the SDK makes it), and each expires when it has had no request
 * in flight for the idle time. A request that names a session not here never reaches the SDK, so an
 * expired session stays idle there too, and the SDK's own sweep (set to the same idle time) drops it.
 */
final class SessionRegistry {
    private final int max;
    private final Duration idle;
    private final Clock clock;
    private final Map<String, Use> live = new HashMap<>();
    private int reserved;

    /** A session's use: requests in flight and when the last one started or ended. */
    private static final class Use {
        int inFlight;
        Instant last;

        Use(Instant last) {
            this.last = last;
        }
    }

    SessionRegistry(int max, Duration idle, Clock clock) {
        this.max = max;
        this.idle = idle;
        this.clock = clock;
    }

    int max() {
        return max;
    }

    Duration idle() {
        return idle;
    }

    /** Holds a place for a session about to be made; false when the server is full. */
    synchronized boolean reserve() {
        expire();
        if (live.size() + reserved >= max) {
            return false;
        }
        reserved++;
        return true;
    }

    /** The reserved place now holds the session the SDK made. */
    synchronized void started(String id) {
        reserved--;
        live.put(id, new Use(clock.instant()));
    }

    /** The reserved place is given back: no session was made. */
    synchronized void unreserve() {
        reserved--;
    }

    /** A request for the session starts; false when there is no such session (or it expired). */
    synchronized boolean enter(String id) {
        expire();
        Use use = live.get(id);
        if (use == null) {
            return false;
        }
        use.inFlight++;
        use.last = clock.instant();
        return true;
    }

    /** A request for the session has ended. */
    synchronized void leave(String id) {
        Use use = live.get(id);
        if (use != null) {
            use.inFlight--;
            use.last = clock.instant();
        }
    }

    /** The session has ended (deleted, or gone from the SDK). */
    synchronized void remove(String id) {
        live.remove(id);
    }

    synchronized int size() {
        expire();
        return live.size();
    }

    private void expire() {
        Instant now = clock.instant();
        live.values().removeIf(use -> use.inFlight == 0 && !use.last.plus(idle).isAfter(now));
    }
}
