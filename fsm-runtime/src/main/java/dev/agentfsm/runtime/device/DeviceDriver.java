package dev.agentfsm.runtime.device;

import java.time.Duration;
import java.util.List;

/**
 * The device an agent observes and acts on: a desktop, an Android phone through {@code adb}, a Linux
 * shell. An action that fails in an expected way (a refused command, a control that is gone) is an
 * {@link ActionResult} with a reason the LLM gets back; a device that cannot be used any more
 * (disconnected, hung) is a {@link DriverException}, which ends the step in the machine's
 * {@code onError} state or as {@code ERROR}. Every call has a time-out.
 */
public interface DeviceDriver extends AutoCloseable {

    /** A name for logs, e.g. {@code "adb:emulator-5554"}. */
    String name();

    /** Looks at the device: a screenshot, a UI tree, or text, as the device offers. */
    Observation observe(Duration timeout) throws DriverException;

    /** The tools the LLM may call, for the prompt. */
    List<ToolSpec> tools();

    /** Runs one action. */
    ActionResult execute(Action action, Duration timeout) throws DriverException;

    /**
     * Runs one action of a journaled session, with its id. A step cut off by a crash runs again when
     * the session resumes, and its actions come again with the same {@code id}: a driver whose actions
     * must not happen twice overrides this to skip an id it has already carried out (and return what
     * it recorded then). The default ignores the id and calls {@link #execute(Action, Duration)}.
     */
    default ActionResult execute(Action action, Duration timeout, ActionId id) throws DriverException {
        return execute(action, timeout);
    }

    /** Releases the device; the default does nothing. */
    @Override
    default void close() {}
}
