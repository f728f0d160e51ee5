package dev.agentfsm.runtime.device;

/** The device cannot be used: disconnected, unauthorized, hung past its time-out. The message says which device and what happened. */
public class DriverException extends Exception {
    private static final long serialVersionUID = 1L;

    public DriverException(String message) {
        super(message);
    }

    public DriverException(String message, Throwable cause) {
        super(message, cause);
    }
}
