package dev.agentfsm.spring.boot;

import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.StepInterceptor;
import dev.agentfsm.runtime.TransitionListener;
import dev.agentfsm.runtime.TransitionListener.TransitionEvent;
import dev.agentfsm.runtime.internal.SafeText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;

/**
 * Where an application's sessions start: {@link #builder} gives a {@link Session.Builder} with the
 * {@code agentfsm.*} configuration, the application's {@link StepInterceptor} and {@link TransitionListener}
 * beans (in their {@code @Order}), and a listener that keeps each session's current state and last outcome for
 * the Actuator endpoint ({@link #sessions}). The most recent {@code agentfsm.sessions-listed} sessions are
 * listed; older ones are forgotten, so a long-running application does not keep every session it ran.
 *
 * <pre>{@code
 * Session session = sessions.builder(LinuxAgentStateManager.instance(), agent).build();
 * RoundResult result = session.runRound("count the errors in app.log");
 * }</pre>
 */
public final class AgentFsmSessions {
    private final RuntimeConfig config;
    private final List<StepInterceptor> interceptors;
    private final List<TransitionListener> listeners;
    private final int listed;
    private final Map<String, SessionState> sessions; // guarded by itself

    /**
     * @param config the configuration every session gets
     * @param interceptors added to every session, in this order
     * @param listeners added to every session, in this order
     * @param listed how many of the most recent sessions {@link #sessions} lists
     */
    public AgentFsmSessions(
            RuntimeConfig config, List<StepInterceptor> interceptors, List<TransitionListener> listeners, int listed) {
        this.config = Objects.requireNonNull(config, "config");
        this.interceptors = List.copyOf(interceptors);
        this.listeners = List.copyOf(listeners);
        if (listed < 1) {
            throw new IllegalArgumentException("listed is " + listed + "; it must be at least 1");
        }
        this.listed = listed;
        this.sessions = new LinkedHashMap<>(16, 0.75f, false) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, SessionState> eldest) {
                return size() > AgentFsmSessions.this.listed;
            }
        };
    }

    /** The configuration the sessions get, from the {@code agentfsm.*} properties. */
    public RuntimeConfig config() {
        return config;
    }

    /**
     * A session of {@code machine} for {@code agent}, with the configuration, interceptors and listeners; it is
     * listed from now on under a new id (set another with {@link Session.Builder#id} before {@code build()} and
     * the session is listed under that one from its first step on).
     */
    public <A extends Agent> Session.Builder<A> builder(StateManager<A, ?> machine, A agent) {
        String id = UUID.randomUUID().toString();
        Session.Builder<A> builder = Session.of(machine, agent).config(config).id(id);
        interceptors.forEach(builder::interceptor);
        listeners.forEach(builder::listener);
        builder.listener(new Tracker(machine.name(), id));
        synchronized (sessions) {
            sessions.put(
                    id,
                    new SessionState(
                            id,
                            machine.name(),
                            machine.table().initial().qualifiedName(),
                            0,
                            Optional.empty(),
                            Optional.empty()));
        }
        return builder;
    }

    /** The most recent sessions, oldest first: their machine, current state, rounds ended and last outcome. */
    public List<SessionState> sessions() {
        synchronized (sessions) {
            return new ArrayList<>(sessions.values());
        }
    }

    /**
     * What the Actuator endpoint shows of a session.
     *
     * @param id the session's id
     * @param machine the machine the session started with
     * @param state the state it is in, or ended in ({@code Machine.STATUS} after a hand-off)
     * @param rounds how many of its rounds have ended
     * @param outcome how its last round ended, once one has: an {@code Outcome}'s name, or {@code FAILED} when an
     *     exception left it with no end (a journal that could not be written)
     * @param reason why, once one has
     */
    public record SessionState(
            String id, String machine, String state, int rounds, Optional<String> outcome, Optional<String> reason) {}

    /** Keeps a session's entry up to date from its rounds' events. */
    private final class Tracker implements TransitionListener {
        private final String machine;
        /** The id the session is listed under; the first event of a session given another id moves it there. */
        private String listedAs; // guarded by sessions

        Tracker(String machine, String listedAs) {
            this.machine = machine;
            this.listedAs = listedAs;
        }

        @Override
        public void onTransition(TransitionEvent event) {
            update(
                    event.session(),
                    old -> new SessionState(
                            old.id(),
                            old.machine(),
                            event.to().qualifiedName(),
                            old.rounds(),
                            old.outcome(),
                            old.reason()));
        }

        @Override
        public void onRoundEnd(String session, int round, RoundResult result) {
            ended(session, round, result);
        }

        /** A resumed session's recorded rounds, which its entry in this process has not seen end. */
        @Override
        public void onReplayedRoundEnd(String session, int round, RoundResult result) {
            ended(session, round, result);
        }

        /**
         * A round an exception left with no end (its journal could not be written, an {@link Error}): listed as
         * {@code FAILED}, with the exception, so that the entry does not show the round as still running.
         */
        @Override
        public void onRoundFailed(String session, int round, Throwable failure) {
            update(
                    session,
                    old -> new SessionState(
                            old.id(),
                            old.machine(),
                            old.state(),
                            round,
                            Optional.of("FAILED"),
                            Optional.of(SafeText.line(failure.toString(), 1_000))));
        }

        private void ended(String session, int round, RoundResult result) {
            update(
                    session,
                    old -> new SessionState(
                            old.id(),
                            old.machine(),
                            result.finalStatus().qualifiedName(),
                            round,
                            Optional.of(result.outcome().name()),
                            Optional.of(result.reason())));
        }

        private void update(String session, UnaryOperator<SessionState> change) {
            synchronized (sessions) {
                if (!session.equals(listedAs)) {
                    // the session was built with an id of its own: list it under that one only
                    sessions.remove(listedAs);
                    listedAs = session;
                }
                SessionState old = sessions.get(session);
                sessions.put(
                        session,
                        change.apply(
                                old != null
                                        ? old
                                        : new SessionState(
                                                session, machine, "", 0, Optional.empty(), Optional.empty())));
            }
        }
    }
}
