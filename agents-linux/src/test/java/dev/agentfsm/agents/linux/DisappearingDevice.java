package dev.agentfsm.agents.linux;

import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.Observation;
import dev.agentfsm.runtime.device.ToolSpec;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A device that works as the one it wraps until it is {@link #unplug unplugged}; from then on every call
 * is a {@link DriverException} naming why, as a shell's MCP server that stopped or a machine that went off
 * the network would be.
 */
final class DisappearingDevice implements DeviceDriver {
    private final DeviceDriver device;
    private volatile Optional<String> gone = Optional.empty();

    DisappearingDevice(DeviceDriver device) {
        this.device = device;
    }

    /** Every later call fails with {@code why}. */
    void unplug(String why) {
        gone = Optional.of(why);
    }

    private void requirePresent() throws DriverException {
        if (gone.isPresent()) {
            throw new DriverException(device.name() + " is gone: " + gone.get());
        }
    }

    @Override
    public String name() {
        return device.name();
    }

    @Override
    public Observation observe(Duration timeout) throws DriverException {
        requirePresent();
        return device.observe(timeout);
    }

    @Override
    public List<ToolSpec> tools() {
        return device.tools();
    }

    @Override
    public ActionResult execute(Action action, Duration timeout) throws DriverException {
        requirePresent();
        return device.execute(action, timeout);
    }

    @Override
    public void close() {
        device.close();
    }
}
