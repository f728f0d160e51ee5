package dev.agentfsm.runtime.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.MachineDoubles.AppStatus;
import dev.agentfsm.runtime.MachineDoubles.HostStatus;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.TransitionListener.SubtaskEvent;
import dev.agentfsm.runtime.TransitionListener.TransitionEvent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;

class LoggingListenerTest {

    /** Keeps what was logged, formatted, with its level. */
    private static final class RecordingLogger extends LegacyAbstractLogger {
        private static final long serialVersionUID = 1L;
        final transient List<String> lines = new ArrayList<>();
        final transient List<Throwable> thrown = new ArrayList<>();

        @Override
        protected String getFullyQualifiedCallerName() {
            return null;
        }

        @Override
        protected void handleNormalizedLoggingCall(
                Level level, Marker marker, String pattern, Object[] arguments, Throwable throwable) {
            lines.add(level + " " + MessageFormatter.basicArrayFormat(pattern, arguments));
            if (throwable != null) {
                thrown.add(throwable);
            }
        }

        @Override
        public boolean isTraceEnabled() {
            return true;
        }

        @Override
        public boolean isDebugEnabled() {
            return true;
        }

        @Override
        public boolean isInfoEnabled() {
            return true;
        }

        @Override
        public boolean isWarnEnabled() {
            return true;
        }

        @Override
        public boolean isErrorEnabled() {
            return true;
        }
    }

    private final RecordingLogger logger = new RecordingLogger();
    private final LoggingListener listener = new LoggingListener(logger);

    @Test
    void transitionsAtDebug() {
        listener.onTransition(new TransitionEvent(
                "s", 1, 2, "AppAgent", AppStatus.FINISH, HostStatus.CONTINUE, Trigger.SYSTEM, 5_000));
        listener.onTransition(new TransitionEvent(
                "s", 1, 3, "HostAgent", HostStatus.CONTINUE, HostStatus.FINISH, Trigger.LLM, 7_000));
        assertEquals(
                List.of(
                        "DEBUG session s round 1 step 2: AppAgent AppAgent.FINISH -> HostAgent.CONTINUE by SYSTEM "
                                + "(5 µs)",
                        "DEBUG session s round 1 step 3: HostAgent HostAgent.CONTINUE -> FINISH by LLM (7 µs)"),
                logger.lines);
    }

    @Test
    void subtaskEndsAtInfo() {
        listener.onSubtaskEnd(new SubtaskEvent(
                "s",
                1,
                4,
                "AppAgent/Word",
                AppStatus.FAIL,
                2,
                new ArchivedSubtask("Chart it", AppStatus.FAIL, "no chart button")));
        assertEquals(
                List.of("INFO session s round 1 step 4: AppAgent/Word ended subtask 2 \"Chart it\" in AppAgent.FAIL:"
                        + " no chart button"),
                logger.lines);
    }

    @Test
    void aRoundLeftWithNoEndAtErrorWithTheException() {
        UncheckedIOException full = new UncheckedIOException(new IOException("No space left on device"));
        listener.onRoundFailed("s", 3, full);
        assertEquals(
                List.of("ERROR session s round 3 stopped with no end: java.io.UncheckedIOException:"
                        + " java.io.IOException: No space left on device"),
                logger.lines);
        assertEquals(List.of(full), logger.thrown);
    }

    @Test
    void completedRoundsAtInfoAndOthersAtWarnWithTheError() {
        listener.onRoundEnd(
                "s",
                1,
                new RoundResult(
                        Outcome.COMPLETED,
                        "done",
                        HostStatus.FINISH,
                        List.of(HostStatus.CONTINUE, HostStatus.FINISH),
                        2,
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        List.of(),
                        Optional.empty()));
        IllegalStateException boom = new IllegalStateException("boom");
        listener.onRoundEnd(
                "s",
                2,
                new RoundResult(
                        Outcome.ERROR,
                        "it failed",
                        HostStatus.CONTINUE,
                        List.of(HostStatus.CONTINUE),
                        1,
                        Optional.of(boom),
                        Optional.empty(),
                        Optional.empty(),
                        List.of(),
                        Optional.empty()));
        assertEquals(
                List.of(
                        "INFO session s round 1 COMPLETED in HostAgent.FINISH after 2 steps, 0 subtask(s): done",
                        "WARN session s round 2 ended ERROR in HostAgent.CONTINUE after 1 steps: it failed"),
                logger.lines);
        assertEquals(List.of(boom), logger.thrown, "only the failed round logs an exception");
        assertSame(boom, logger.thrown.get(0));
    }
}
