package dev.agentfsm.agents.mobile;

import dev.agentfsm.runtime.device.DriverException;
import java.util.Optional;

/**
 * adb cannot reach the device: none is connected, the chosen one is gone, it is unauthorized or
 * offline, or several are connected and none was chosen. The message says which and what to do.
 */
public final class DeviceUnavailableException extends DriverException {
    private static final long serialVersionUID = 1L;

    /** Why the device cannot be used. */
    public enum Problem {
        /** {@code adb devices} lists no device at all. */
        NO_DEVICE,
        /** The chosen serial is not (or no longer) connected: the device disconnected. */
        NOT_FOUND,
        /** The device has not accepted this computer's USB-debugging key. */
        UNAUTHORIZED,
        /** The device is connected but adb cannot talk to it. */
        OFFLINE,
        /** Several devices are connected and no serial says which one to use. */
        MORE_THAN_ONE,
        /** The device is in another state: booting into the bootloader or recovery, or adb may not open its USB port. */
        NOT_READY
    }

    private final Problem problem;
    private final String serial;

    DeviceUnavailableException(Problem problem, Optional<String> serial, String message) {
        super(message);
        this.problem = problem;
        this.serial = serial.orElse(null);
    }

    /** Why the device cannot be used. */
    public Problem problem() {
        return problem;
    }

    /** The device's serial, when one was chosen or found. */
    public Optional<String> serial() {
        return Optional.ofNullable(serial);
    }
}
