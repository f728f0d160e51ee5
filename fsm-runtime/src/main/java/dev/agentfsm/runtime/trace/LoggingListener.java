package dev.agentfsm.runtime.trace;

import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.TransitionListener;
import dev.agentfsm.runtime.TransitionListener.SubtaskEvent;
import dev.agentfsm.runtime.TransitionListener.TransitionEvent;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.spi.LoggingEventBuilder;

/**
 * Logs rounds through SLF4J: each transition at DEBUG, each subtask end and a completed round at
 * INFO, any other ending at WARN (with the exception, when there is one), and a round that an exception left
 * with no end (its journal could not be written, an {@link Error}) at ERROR with it. The messages are
 * parameterized, so a disabled level costs no string building.
 */
public final class LoggingListener implements TransitionListener {
    /** The logger used unless another is given. */
    public static final String LOGGER_NAME = "dev.agentfsm.trace";

    private final Logger logger;

    /** Logs to {@value #LOGGER_NAME}. */
    public LoggingListener() {
        this(LoggerFactory.getLogger(LOGGER_NAME));
    }

    /** Logs to {@code logger}. */
    public LoggingListener(Logger logger) {
        this.logger = Objects.requireNonNull(logger, "logger");
    }

    @Override
    public void onTransition(TransitionEvent event) {
        if (logger.isDebugEnabled()) {
            logger.debug(
                    "session {} round {} step {}: {} {}.{} -> {} by {} ({} µs)",
                    event.session(),
                    event.round(),
                    event.step(),
                    event.agent(),
                    event.machine(),
                    event.from().name(),
                    event.targetName(),
                    event.trigger(),
                    event.nanos() / 1_000);
        }
    }

    @Override
    public void onSubtaskEnd(SubtaskEvent event) {
        logger.info(
                "session {} round {} step {}: {} ended subtask {} \"{}\" in {}: {}",
                event.session(),
                event.round(),
                event.step(),
                event.agent(),
                event.number(),
                event.subtask().subtask(),
                event.subtask().status().qualifiedName(),
                event.subtask().result());
    }

    @Override
    public void onRoundEnd(String session, int round, RoundResult result) {
        if (result.outcome() == Outcome.COMPLETED) {
            logger.info(
                    "session {} round {} {} in {} after {} steps, {} subtask(s): {}",
                    session,
                    round,
                    result.outcome(),
                    result.finalStatus().qualifiedName(),
                    result.steps(),
                    result.subtasks().size(),
                    result.reason());
        } else {
            LoggingEventBuilder warning = logger.atWarn();
            if (result.error().isPresent()) {
                warning = warning.setCause(result.error().get());
            }
            warning.log(
                    "session {} round {} ended {} in {} after {} steps: {}",
                    session,
                    round,
                    result.outcome(),
                    result.finalStatus().qualifiedName(),
                    result.steps(),
                    result.reason());
        }
    }

    @Override
    public void onRoundFailed(String session, int round, Throwable failure) {
        logger.atError()
                .setCause(failure)
                .log("session {} round {} stopped with no end: {}", session, round, failure.toString());
    }
}
